import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { BatchResult, DeleteBody, SwitchBody } from '@gm/contract/basic-management.contract.ts';
import { ErrorCode, type Page } from '@gm/contract/errors.ts';
import type {
  DomainCheckResult,
  DomainWhitelistBody,
  DomainWhitelistEntry,
  FunctionWhitelistBody,
  FunctionWhitelistEntry,
  IdWhitelistBody,
  IdWhitelistEntry,
  IpCheckResult,
  IpWhitelistBody,
  IpWhitelistEntry,
  LogSwitchBody,
} from '@gm/contract/whitelists.contract.ts';
import { ADMIN_API, api, type ApiError, type QueryParams } from '../../shared/api-client.ts';
import { isFieldError } from '../../shared/form-errors.ts';
import type { DomainFilters, FunctionFilters, IdFilters, IpFilters } from './whitelist-filters.ts';

/** The four lists, by the last segment of their API path. */
export type WhitelistKind = 'ip' | 'id' | 'function' | 'domain';

interface Shapes {
  ip: { entry: IpWhitelistEntry; body: IpWhitelistBody; filters: IpFilters };
  id: { entry: IdWhitelistEntry; body: IdWhitelistBody; filters: IdFilters };
  function: { entry: FunctionWhitelistEntry; body: FunctionWhitelistBody; filters: FunctionFilters };
  domain: { entry: DomainWhitelistEntry; body: DomainWhitelistBody; filters: DomainFilters };
}

export const whitelistKeys = {
  all: ['whitelists'] as const,
  kind: (kind: WhitelistKind) => [...whitelistKeys.all, kind] as const,
  list: (kind: WhitelistKind, filters: object) => [...whitelistKeys.kind(kind), 'list', filters] as const,
  detail: (kind: WhitelistKind, id: string) => [...whitelistKeys.kind(kind), 'detail', id] as const,
};

const base = (kind: WhitelistKind) => `${ADMIN_API}/whitelists/${kind}`;

/** The API's query of a list: its filters, with the 1-based page of the URL made 0-based. */
function listQuery(filters: { page: number; size: number }): QueryParams {
  const { page, size, ...rest } = filters;
  const params: QueryParams = { page: page - 1, size };
  for (const [key, value] of Object.entries(rest)) if (typeof value === 'string') params[key] = value;
  return params;
}

export function whitelistQueryOptions<K extends WhitelistKind>(kind: K, filters: Shapes[K]['filters']) {
  return queryOptions({
    queryKey: whitelistKeys.list(kind, filters),
    queryFn: ({ signal }) => api.get<Page<Shapes[K]['entry']>>(base(kind), listQuery(filters), { signal }),
    placeholderData: keepPreviousData,
  });
}

export function domainQueryOptions(id: string) {
  return queryOptions({
    queryKey: whitelistKeys.detail('domain', id),
    queryFn: ({ signal }) => api.get<DomainWhitelistEntry>(`${base('domain')}/${encodeURIComponent(id)}`, undefined, { signal }),
  });
}

/** Forms show field details and duplicates on their fields, so the client stays quiet about them. */
export const quietForForm = (error: ApiError) => isFieldError(error) || error.code === ErrorCode.CONFLICT;

/** Create (`id` null) or replace one entry of a list. */
export function useSaveWhitelistEntry<K extends WhitelistKind>(kind: K) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: string | null; body: Shapes[K]['body'] }) =>
      id === null
        ? api.post<Shapes[K]['entry']>(base(kind), body, { quiet: quietForForm })
        : api.put<Shapes[K]['entry']>(`${base(kind)}/${encodeURIComponent(id)}`, body, { quiet: quietForForm }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: whitelistKeys.kind(kind) }),
  });
}

type BatchBodies = { status: SwitchBody; delete: DeleteBody; 'log-switch': LogSwitchBody };

/** A batch action on chosen entries: open/close, the function list's log switch, or delete. */
export function useWhitelistBatch<A extends keyof BatchBodies>(kind: WhitelistKind, action: A) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: BatchBodies[A]) => api.post<BatchResult>(`${base(kind)}/actions/${action}`, body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: whitelistKeys.kind(kind) }),
  });
}

/** "Is this address let in?" asked on demand. */
export function useCheckIp() {
  return useMutation({
    mutationFn: (address: string) => api.get<IpCheckResult>(`${base('ip')}/check`, { address }, { quiet: isFieldError }),
  });
}

/** "Is this link allowed?" asked on demand. */
export function useCheckDomain() {
  return useMutation({
    mutationFn: (url: string) => api.get<DomainCheckResult>(`${base('domain')}/check`, { url }, { quiet: isFieldError }),
  });
}
