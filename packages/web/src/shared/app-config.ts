import { z } from 'zod';
import type { Language } from '@gm/contract/messages.ts';

/**
 * The two static config files of the spec (section 7): `/static/config/globalConfig.json` and
 * `/static/config/abyssprotocol.json`. Both are fetched at start and kept in localStorage, so a
 * reload while the server is briefly away still shows the right title and time zone.
 */
const localized = z.object({ en: z.string(), zh: z.string() });

export const globalConfigSchema = z.looseObject({
  title: z.string().catch('GM Console'),
  breadcrumbTitle: z.string().catch('GM Console'),
  displayTimeZone: z.string().catch('Asia/Shanghai'),
  defaultPageSize: z.number().int().min(1).max(200).catch(20),
  copyright: z.string().catch(''),
});
export type GlobalConfig = z.infer<typeof globalConfigSchema>;

export const protocolConfigSchema = z.looseObject({
  protocolVersion: z.string().catch(''),
  gameId: z.string().catch('demo'),
  gameName: localized.catch({ en: '', zh: '' }),
  agreements: z
    .array(z.object({ key: z.string(), title: localized, url: z.string(), version: z.string().optional() }))
    .catch([]),
});
export type ProtocolConfig = z.infer<typeof protocolConfigSchema>;

export const GLOBAL_CONFIG_URL = '/static/config/globalConfig.json';
export const PROTOCOL_CONFIG_URL = '/static/config/abyssprotocol.json';
export const GLOBAL_CONFIG_STORAGE_KEY = 'globalConfig';
export const PROTOCOL_CONFIG_STORAGE_KEY = 'abyssprotocol';

export function parseGlobalConfig(value: unknown): GlobalConfig {
  return globalConfigSchema.parse(value && typeof value === 'object' ? value : {});
}

export function parseProtocolConfig(value: unknown): ProtocolConfig {
  return protocolConfigSchema.parse(value && typeof value === 'object' ? value : {});
}

function readStored(key: string): unknown {
  try {
    const raw = globalThis.localStorage?.getItem(key);
    return raw ? (JSON.parse(raw) as unknown) : undefined;
  } catch {
    return undefined;
  }
}

function store(key: string, value: unknown): void {
  try {
    globalThis.localStorage?.setItem(key, JSON.stringify(value));
  } catch {
    // Storage full or disabled: the fetched copy still serves this page.
  }
}

let globalConfig: GlobalConfig = parseGlobalConfig(readStored(GLOBAL_CONFIG_STORAGE_KEY));
let protocolConfig: ProtocolConfig = parseProtocolConfig(readStored(PROTOCOL_CONFIG_STORAGE_KEY));

async function fetchJson(url: string): Promise<unknown> {
  const response = await fetch(url, { headers: { Accept: 'application/json' }, cache: 'no-cache' });
  if (!response.ok) throw new Error(`${url}: HTTP ${response.status}`);
  return (await response.json()) as unknown;
}

/** Fetches both files; a file that cannot be fetched keeps the stored copy (or the defaults). */
export async function loadAppConfig(): Promise<void> {
  const [global, protocol] = await Promise.allSettled([fetchJson(GLOBAL_CONFIG_URL), fetchJson(PROTOCOL_CONFIG_URL)]);
  if (global.status === 'fulfilled') {
    globalConfig = parseGlobalConfig(global.value);
    store(GLOBAL_CONFIG_STORAGE_KEY, global.value);
  }
  if (protocol.status === 'fulfilled') {
    protocolConfig = parseProtocolConfig(protocol.value);
    store(PROTOCOL_CONFIG_STORAGE_KEY, protocol.value);
  }
}

export function getGlobalConfig(): GlobalConfig {
  return globalConfig;
}

export function getProtocolConfig(): ProtocolConfig {
  return protocolConfig;
}

export function pickLocalized(value: { en: string; zh: string }, language: Language): string {
  return (language === 'zh-CN' ? value.zh : value.en) || value.en || value.zh;
}

/** The browser tab title: route title plus the configured product title. */
export function pageTitle(routeTitle: string | undefined, config: Pick<GlobalConfig, 'title'> = globalConfig): string {
  return routeTitle ? `${routeTitle} - ${config.title}` : config.title;
}
