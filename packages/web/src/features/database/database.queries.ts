import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type {
  ConfigDiff,
  ConfigPublishResult,
  ConfigRowsPage,
  ConfigTableList,
  ConfigTableName,
  ConfigUpdateRecordPage,
  ConfigUploadResult,
  ConfigVersionList,
} from '@gm/contract/config-tables.contract.ts';
import { ADMIN_API, api } from '../../shared/api-client.ts';
import type { RecordFilters, RowsFilters } from './database-filters.ts';

const BASE = `${ADMIN_API}/config-tables`;

export const databaseKeys = {
  all: ['config-tables'] as const,
  tables: () => [...databaseKeys.all, 'list'] as const,
  rows: (q: RowsFilters) => [...databaseKeys.all, 'rows', q] as const,
  versions: (table: ConfigTableName) => [...databaseKeys.all, 'versions', table] as const,
  diff: (table: ConfigTableName, version: number) => [...databaseKeys.all, 'diff', table, version] as const,
  records: (q: RecordFilters) => [...databaseKeys.all, 'records', q] as const,
};

export type { RecordFilters, RowsFilters } from './database-filters.ts';

export function tablesQueryOptions() {
  return queryOptions({ queryKey: databaseKeys.tables(), queryFn: ({ signal }) => api.get<ConfigTableList>(BASE, undefined, { signal }) });
}

/** The pages keep `page` 1-based as shown; the API counts from 0. */
export function rowsQueryOptions(q: RowsFilters) {
  const { table, ...rest } = q;
  return queryOptions({
    queryKey: databaseKeys.rows(q),
    queryFn: ({ signal }) => api.get<ConfigRowsPage>(`${BASE}/${table}/rows`, { ...rest, page: q.page - 1 }, { signal }),
    placeholderData: keepPreviousData,
  });
}

export function versionsQueryOptions(table: ConfigTableName) {
  return queryOptions({ queryKey: databaseKeys.versions(table), queryFn: ({ signal }) => api.get<ConfigVersionList>(`${BASE}/${table}/versions`, undefined, { signal }) });
}

export function diffQueryOptions(table: ConfigTableName, version: number | null) {
  return queryOptions({
    queryKey: databaseKeys.diff(table, version ?? 0),
    queryFn: ({ signal }) => api.get<ConfigDiff>(`${BASE}/${table}/versions/${version ?? 0}/diff`, undefined, { signal }),
    enabled: version !== null,
  });
}

export function recordsQueryOptions(q: RecordFilters) {
  return queryOptions({
    queryKey: databaseKeys.records(q),
    queryFn: ({ signal }) => api.get<ConfigUpdateRecordPage>(`${BASE}/update-records`, { ...q, page: q.page - 1 }, { signal }),
    placeholderData: keepPreviousData,
  });
}

function useDatabaseMutation<V, R>(send: (variables: V) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: send, onSettled: () => queryClient.invalidateQueries({ queryKey: databaseKeys.all }) });
}

/** Quiet on refusal: the page lists the problems by row and column itself. */
export const useUploadVersion = () =>
  useDatabaseMutation(({ table, file }: { table: ConfigTableName; file: File }) =>
    api.postFiles<ConfigUploadResult>(`${BASE}/${table}/versions`, { file }, { quiet: (e) => e.code === 10001 }),
  );
export const usePublishVersion = () =>
  useDatabaseMutation(({ table, version }: { table: ConfigTableName; version: number }) => api.post<ConfigPublishResult>(`${BASE}/${table}/versions/${version}/publish`));
