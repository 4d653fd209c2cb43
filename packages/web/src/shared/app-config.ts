import type { Language } from '@gm/contract/messages.ts';

/**
 * The two static config files of the spec (section 7): `/static/config/globalConfig.json` and
 * `/static/config/abyssprotocol.json`. Both are fetched at start and kept in localStorage, so a
 * reload while the server is briefly away still shows the right title and time zone.
 *
 * Read by hand rather than with zod: this runs before the sign-in page, which stays clear of zod
 * (docs/performance.md, "First visit"). A missing or malformed field takes its default; fields
 * this version does not know are kept.
 */
export interface Localized {
  en: string;
  zh: string;
}

export interface GlobalConfig {
  title: string;
  breadcrumbTitle: string;
  displayTimeZone: string;
  defaultPageSize: number;
  /** One text for every language, or one per language (`{ "en": ..., "zh": ... }`). */
  copyright: string | Localized;
  [extra: string]: unknown;
}

export interface ProtocolAgreement {
  key: string;
  title: Localized;
  url: string;
  version?: string;
}

export interface ProtocolConfig {
  protocolVersion: string;
  gameId: string;
  gameName: Localized;
  agreements: ProtocolAgreement[];
  [extra: string]: unknown;
}

type Fields = Record<string, unknown>;

const isObject = (value: unknown): value is Fields => typeof value === 'object' && value !== null && !Array.isArray(value);
const text = (value: unknown, fallback: string): string => (typeof value === 'string' ? value : fallback);

function localized(value: unknown): Localized | undefined {
  return isObject(value) && typeof value.en === 'string' && typeof value.zh === 'string' ? { en: value.en, zh: value.zh } : undefined;
}

function agreement(value: unknown): ProtocolAgreement | undefined {
  if (!isObject(value)) return undefined;
  const title = localized(value.title);
  if (typeof value.key !== 'string' || !title || typeof value.url !== 'string') return undefined;
  if (value.version !== undefined && typeof value.version !== 'string') return undefined;
  return { key: value.key, title, url: value.url, ...(value.version !== undefined ? { version: value.version } : {}) };
}

export const GLOBAL_CONFIG_URL = '/static/config/globalConfig.json';
export const PROTOCOL_CONFIG_URL = '/static/config/abyssprotocol.json';
export const GLOBAL_CONFIG_STORAGE_KEY = 'globalConfig';
export const PROTOCOL_CONFIG_STORAGE_KEY = 'abyssprotocol';

export function parseGlobalConfig(value: unknown): GlobalConfig {
  const fields = isObject(value) ? value : {};
  const size = fields.defaultPageSize;
  return {
    ...fields,
    title: text(fields.title, 'GM Console'),
    breadcrumbTitle: text(fields.breadcrumbTitle, 'GM Console'),
    displayTimeZone: text(fields.displayTimeZone, 'Asia/Shanghai'),
    defaultPageSize: typeof size === 'number' && Number.isInteger(size) && size >= 1 && size <= 200 ? size : 20,
    copyright: localized(fields.copyright) ?? text(fields.copyright, ''),
  };
}

export function parseProtocolConfig(value: unknown): ProtocolConfig {
  const fields = isObject(value) ? value : {};
  // One malformed agreement drops the list, as before: a half-read list would mislead.
  const agreements = Array.isArray(fields.agreements) ? fields.agreements.map(agreement) : [];
  return {
    ...fields,
    protocolVersion: text(fields.protocolVersion, ''),
    gameId: text(fields.gameId, 'demo'),
    gameName: localized(fields.gameName) ?? { en: '', zh: '' },
    agreements: agreements.every((a) => a !== undefined) ? agreements : [],
  };
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

export function pickLocalized(value: Localized, language: Language): string {
  return (language === 'zh-CN' ? value.zh : value.en) || value.en || value.zh;
}

/** The footer's line in the operator's language; empty when the config has none. */
export function copyrightText(config: Pick<GlobalConfig, 'copyright'>, language: Language): string {
  return typeof config.copyright === 'string' ? config.copyright : pickLocalized(config.copyright, language);
}

/** The browser tab title: route title plus the configured product title. */
export function pageTitle(routeTitle: string | undefined, config: Pick<GlobalConfig, 'title'> = globalConfig): string {
  return routeTitle ? `${routeTitle} - ${config.title}` : config.title;
}
