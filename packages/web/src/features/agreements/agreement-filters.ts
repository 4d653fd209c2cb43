import { AGREEMENT_KINDS, AGREEMENT_STATUSES, CHANNEL_PATTERN, type AgreementKind, type AgreementStatus } from '@gm/contract/agreements.contract.ts';
import { MAX_PAGE_SIZE } from '@gm/contract/constants.ts';
import { readEnum, readInt } from '../../shared/hooks/use-search-state.ts';

export interface AgreementFilters {
  keyword?: string | undefined;
  channel?: string | undefined;
  kind?: AgreementKind | undefined;
  status?: AgreementStatus | undefined;
  /** 1-based. */
  page: number;
  size: number;
}

export function parseAgreementFilters(params: URLSearchParams): AgreementFilters {
  const channel = params.get('channel')?.trim();
  return {
    keyword: params.get('keyword')?.trim() || undefined,
    channel: channel && CHANNEL_PATTERN.test(channel) ? channel : undefined,
    kind: readEnum(params.get('kind'), AGREEMENT_KINDS),
    status: readEnum(params.get('status'), AGREEMENT_STATUSES),
    page: readInt(params.get('page'), 1, 1),
    size: readInt(params.get('size'), 20, 1, MAX_PAGE_SIZE),
  };
}

/** How an agreement is named in messages: channel / kind label / version. */
export function agreementName(agreement: { channel: string; version: string }, kindLabel: string): string {
  return `${agreement.channel} · ${kindLabel} ${agreement.version}`;
}
