import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { CancelOrderResult, Order, OrderDetailResult, orderListQuery, Product, ReplenishBody, ReplenishOrderResult } from '@gm/contract/orders.contract.ts';
import type { CappedPage, CheckPlayerResult } from '@gm/contract/players.contract.ts';
import type { CallbackListQuery, PaymentCallback, RetryCallbackResult } from '@gm/contract/payment-callbacks.contract.ts';
import { ADMIN_API, api, type ApiError } from '../../shared/api-client.ts';
import { useActionKey } from '../../shared/hooks/use-action-key.ts';
import type { ListFilters } from '../../shared/url-filters.ts';

/** The order lists' filters: the contract's `orderListQuery`, the page 1-based as shown. */
export type OrderFilters = ListFilters<typeof orderListQuery>;

export const orderKeys = {
  all: ['orders'] as const,
  lists: () => [...orderKeys.all, 'list'] as const,
  list: (filters: OrderFilters) => [...orderKeys.lists(), filters] as const,
  detail: (orderId: string) => [...orderKeys.all, 'detail', orderId] as const,
  products: () => [...orderKeys.all, 'products'] as const,
};

const orderPath = (orderId: string) => `${ADMIN_API}/orders/${encodeURIComponent(orderId)}`;

export function ordersQueryOptions(filters: OrderFilters) {
  return queryOptions({
    queryKey: orderKeys.list(filters),
    queryFn: ({ signal }) => {
      // The API's page is 0-based.
      const { page, size, ...rest } = filters;
      return api.get<CappedPage<Order>>(`${ADMIN_API}/orders`, { ...rest, page: page - 1, size }, { signal });
    },
    placeholderData: keepPreviousData,
  });
}

export function orderDetailQueryOptions(orderId: string) {
  return queryOptions({
    queryKey: orderKeys.detail(orderId),
    queryFn: ({ signal }) => api.get<OrderDetailResult>(orderPath(orderId), undefined, { signal }),
  });
}

/** The game's products; the replenish dialog shows "acquire product list fail" itself. */
export function productsQueryOptions() {
  return queryOptions({
    queryKey: orderKeys.products(),
    queryFn: ({ signal }) => api.get<Product[]>(`${ADMIN_API}/products`, undefined, { signal, quiet: true }),
    staleTime: 60_000,
    retry: false,
  });
}

/** The replenish dialog's check of the role id; the dialog says what went wrong. */
export function checkRole(roleId: string): Promise<CheckPlayerResult> {
  return api.get<CheckPlayerResult>(`${ADMIN_API}/orders/check-player-id`, { roleId }, { quiet: true });
}

/**
 * A change to an order, through the game: one idempotency key per operator action, kept while
 * the outcome is unknown so a retry applies once. The dialogs show failures in the spec's words.
 */
function useOrderMutation<V, R>(send: (variables: V, idempotencyKey: string) => Promise<R>) {
  const queryClient = useQueryClient();
  const key = useActionKey();
  return useMutation<R, ApiError | Error, V>({
    mutationFn: (variables: V) => send(variables, key.current()),
    onSuccess: () => key.settle(),
    onError: (error) => key.settle(error),
    onSettled: () => queryClient.invalidateQueries({ queryKey: orderKeys.all }),
  });
}

export function useCancelOrder() {
  return useOrderMutation((orderId: string, idempotencyKey) => api.post<CancelOrderResult>(`${orderPath(orderId)}/cancel`, undefined, { idempotencyKey, quiet: true }));
}

export function useReplenishOrder() {
  return useOrderMutation(({ orderId, body }: { orderId: string; body: ReplenishBody }, idempotencyKey) =>
    api.post<ReplenishOrderResult>(`${orderPath(orderId)}/replenish`, body, { idempotencyKey, quiet: true }),
  );
}

/** The order cache's filters as the page keeps them (1-based page, as shown). */
export type CallbackFilters = CallbackListQuery;

/** Where the cached callbacks are read and retried: the order cache's routes, or the SDK's (`/sdk/order/cacheWait`, under the SDK's codes). */
export type CallbackSource = 'order-callbacks' | 'sdk/callbacks';

export function callbacksQueryOptions(filters: CallbackFilters, source: CallbackSource = 'order-callbacks') {
  return queryOptions({
    queryKey: [...orderKeys.all, 'callbacks', source, filters] as const,
    queryFn: ({ signal }) => {
      const { page, ...rest } = filters;
      return api.get<CappedPage<PaymentCallback>>(`${ADMIN_API}/${source}`, { ...rest, page: page - 1 }, { signal });
    },
    placeholderData: keepPreviousData,
  });
}

/** The game tries a cached callback again; a refused try is an answer, shown by the page. */
export function useRetryCallback(source: CallbackSource = 'order-callbacks') {
  return useOrderMutation((callbackId: string, idempotencyKey) =>
    api.post<RetryCallbackResult>(`${ADMIN_API}/${source}/${encodeURIComponent(callbackId)}/retry`, undefined, { idempotencyKey }),
  );
}
