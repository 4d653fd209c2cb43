import { agreementQuery } from '@gm/contract/agreements.contract.ts';
import { readListQuery, type ListFilters } from '../../shared/url-filters.ts';

/** The list's filters: the contract's `agreementQuery` as the server reads it, the page 1-based as shown. */
export type AgreementFilters = ListFilters<typeof agreementQuery>;

export const parseAgreementFilters = (params: URLSearchParams): AgreementFilters => readListQuery(agreementQuery, params);

/** How an agreement is named in messages: channel / kind label / version. */
export function agreementName(agreement: { channel: string; version: string }, kindLabel: string): string {
  return `${agreement.channel} · ${kindLabel} ${agreement.version}`;
}
