import { domainWhitelistQuery, functionWhitelistQuery, idWhitelistQuery, ipWhitelistQuery } from '@gm/contract/whitelists.contract.ts';
import { readEnum } from '../../shared/hooks/use-search-state.ts';
import { DEFAULT_LIST_SIZE, readListQuery, type ListFilters } from '../../shared/url-filters.ts';

/** The tab of /server/white, in the URL as `tab` (the IP whitelist when absent). */
export const WHITELIST_TABS = ['ip', 'id', 'function'] as const;
export type WhitelistTab = (typeof WHITELIST_TABS)[number];

export const DEFAULT_SIZE = DEFAULT_LIST_SIZE;

// Each list's filters: its contract query as the server reads it, the page 1-based as shown.
export type IpFilters = ListFilters<typeof ipWhitelistQuery>;
export type IdFilters = ListFilters<typeof idWhitelistQuery>;
export type FunctionFilters = ListFilters<typeof functionWhitelistQuery>;
export type DomainFilters = ListFilters<typeof domainWhitelistQuery>;

export function parseWhitelistTab(params: URLSearchParams): WhitelistTab {
  return readEnum(params.get('tab'), WHITELIST_TABS) ?? 'ip';
}

/** The IP whitelist; the SDK platform is `sdk` in the URL. */
export const parseIpFilters = (params: URLSearchParams): IpFilters => readListQuery(ipWhitelistQuery, params, { sdkPlatformId: 'sdk' });

export const parseIdFilters = (params: URLSearchParams): IdFilters => readListQuery(idWhitelistQuery, params);

/** The function whitelist; the log switch is `log` in the URL. */
export const parseFunctionFilters = (params: URLSearchParams): FunctionFilters => readListQuery(functionWhitelistQuery, params, { logSwitch: 'log' });

export const parseDomainFilters = (params: URLSearchParams): DomainFilters => readListQuery(domainWhitelistQuery, params);
