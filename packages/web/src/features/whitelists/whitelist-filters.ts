import { SWITCH_STATES, type SwitchState } from '@gm/contract/basic-management.contract.ts';
import { MAX_PAGE_SIZE } from '@gm/contract/constants.ts';
import { DOMAIN_PURPOSES, ID_WHITELIST_KINDS, type DomainPurpose, type IdWhitelistKind } from '@gm/contract/whitelists.contract.ts';
import { readEnum, readInt } from '../../shared/hooks/use-search-state.ts';

/** The tab of /server/white, in the URL as `tab` (the IP whitelist when absent). */
export const WHITELIST_TABS = ['ip', 'id', 'function'] as const;
export type WhitelistTab = (typeof WHITELIST_TABS)[number];

export const DEFAULT_SIZE = 20;

interface Paging {
  /** 1-based, as shown; the API's page is 0-based. */
  page: number;
  size: number;
}

export interface IpFilters extends Paging {
  keyword?: string | undefined;
  status?: SwitchState | undefined;
  sdkPlatformId?: string | undefined;
}

export interface IdFilters extends Paging {
  keyword?: string | undefined;
  kind?: IdWhitelistKind | undefined;
  status?: SwitchState | undefined;
}

export interface FunctionFilters extends Paging {
  keyword?: string | undefined;
  logSwitch?: SwitchState | undefined;
}

export interface DomainFilters extends Paging {
  keyword?: string | undefined;
  purpose?: DomainPurpose | undefined;
  status?: SwitchState | undefined;
}

const text = (params: URLSearchParams, key: string) => params.get(key)?.trim() || undefined;
const paging = (params: URLSearchParams): Paging => ({ page: readInt(params.get('page'), 1, 1), size: readInt(params.get('size'), DEFAULT_SIZE, 1, MAX_PAGE_SIZE) });

export function parseWhitelistTab(params: URLSearchParams): WhitelistTab {
  return readEnum(params.get('tab'), WHITELIST_TABS) ?? 'ip';
}

export function parseIpFilters(params: URLSearchParams): IpFilters {
  const sdk = text(params, 'sdk');
  return {
    keyword: text(params, 'keyword'),
    status: readEnum(params.get('status'), SWITCH_STATES),
    sdkPlatformId: sdk && /^\d{1,19}$/.test(sdk) ? sdk : undefined,
    ...paging(params),
  };
}

export function parseIdFilters(params: URLSearchParams): IdFilters {
  return { keyword: text(params, 'keyword'), kind: readEnum(params.get('kind'), ID_WHITELIST_KINDS), status: readEnum(params.get('status'), SWITCH_STATES), ...paging(params) };
}

export function parseFunctionFilters(params: URLSearchParams): FunctionFilters {
  return { keyword: text(params, 'keyword'), logSwitch: readEnum(params.get('log'), SWITCH_STATES), ...paging(params) };
}

export function parseDomainFilters(params: URLSearchParams): DomainFilters {
  return { keyword: text(params, 'keyword'), purpose: readEnum(params.get('purpose'), DOMAIN_PURPOSES), status: readEnum(params.get('status'), SWITCH_STATES), ...paging(params) };
}
