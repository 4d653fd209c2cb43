import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { ErrorCode, type Page } from '@gm/contract/errors.ts';
import type { Operator, operatorQuery, OperatorUpdateBody, Role, RoleBody } from '@gm/contract/operators.contract.ts';
import { ADMIN_API, api } from '../../shared/api-client.ts';
import { isFieldError } from '../../shared/form-errors.ts';
import type { ListFilters } from '../../shared/url-filters.ts';
import { sessionKeys } from '../../shared/user-context.tsx';

/** The operator list's filters: the contract's `operatorQuery`, the page 1-based as shown. */
export type OperatorFilters = ListFilters<typeof operatorQuery>;

export const operatorKeys = {
  all: ['operators'] as const,
  lists: () => [...operatorKeys.all, 'list'] as const,
  list: (filters: OperatorFilters) => [...operatorKeys.lists(), filters] as const,
};

export const roleKeys = {
  all: ['roles'] as const,
  list: () => [...roleKeys.all, 'list'] as const,
};

export function operatorsQueryOptions(filters: OperatorFilters) {
  return queryOptions({
    queryKey: operatorKeys.list(filters),
    queryFn: ({ signal }) =>
      api.get<Page<Operator>>(
        `${ADMIN_API}/operators`,
        { page: filters.page - 1, size: filters.size, keyword: filters.keyword, roleId: filters.roleId, status: filters.status },
        { signal },
      ),
    placeholderData: keepPreviousData,
  });
}

export function rolesQueryOptions() {
  return queryOptions({
    queryKey: roleKeys.list(),
    queryFn: async ({ signal }) => (await api.get<Role[]>(`${ADMIN_API}/roles`, undefined, { signal })) ?? [],
  });
}

/** Forms show field details and duplicate names on their fields. */
function quietForForm(error: { code: number; details: unknown[] }): boolean {
  return (error.code === ErrorCode.INVALID_PARAMS && error.details.length > 0) || error.code === ErrorCode.CONFLICT;
}

const operatorPath = (id: string) => `${ADMIN_API}/operators/${encodeURIComponent(id)}`;
const rolePath = (id: string) => `${ADMIN_API}/roles/${encodeURIComponent(id)}`;

/** Every operator change may touch the signed-in operator too (their own role, name ...). */
function useInvalidateOperators() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: operatorKeys.all }),
      queryClient.invalidateQueries({ queryKey: roleKeys.all }),
      queryClient.invalidateQueries({ queryKey: sessionKeys.context() }),
    ]);
}

export interface OperatorCreateValues {
  account: string;
  name: string;
  password: string;
  roleId?: string | null | undefined;
}

export function useCreateOperator() {
  const invalidate = useInvalidateOperators();
  return useMutation({
    mutationFn: (body: OperatorCreateValues) =>
      api.post<Operator>(`${ADMIN_API}/operators`, body, { quiet: (e) => isFieldError(e) || e.code === ErrorCode.CONFLICT }),
    onSuccess: invalidate,
  });
}

export function useUpdateOperator() {
  const invalidate = useInvalidateOperators();
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: OperatorUpdateBody }) => api.put<Operator>(operatorPath(id), body, { quiet: isFieldError }),
    onSuccess: invalidate,
  });
}

export function useResetOperatorPassword() {
  const invalidate = useInvalidateOperators();
  return useMutation({
    mutationFn: ({ id, password }: { id: string; password: string }) =>
      api.post<{ ok: true }>(`${operatorPath(id)}/reset-password`, { password }, { quiet: isFieldError }),
    onSuccess: invalidate,
  });
}

export function useResetOperatorTotp() {
  const invalidate = useInvalidateOperators();
  return useMutation({
    mutationFn: (id: string) => api.post<{ ok: true }>(`${operatorPath(id)}/reset-totp`),
    onSuccess: invalidate,
  });
}

export function useEndOperatorSessions() {
  const invalidate = useInvalidateOperators();
  return useMutation({
    mutationFn: (id: string) => api.delete<{ ended: number }>(`${operatorPath(id)}/sessions`),
    onSuccess: invalidate,
  });
}

export function useSaveRole() {
  const invalidate = useInvalidateOperators();
  return useMutation({
    mutationFn: ({ id, body }: { id: string | null; body: RoleBody }) =>
      id === null
        ? api.post<Role>(`${ADMIN_API}/roles`, body, { quiet: quietForForm })
        : api.put<Role>(rolePath(id), body, { quiet: quietForForm }),
    onSuccess: invalidate,
  });
}

export function useDeleteRole() {
  const invalidate = useInvalidateOperators();
  return useMutation({
    mutationFn: (id: string) => api.delete<{ ok: true }>(rolePath(id)),
    onSuccess: invalidate,
  });
}
