import { ORDER_STATUSES, orderListQuery, type OrderStatus } from '@gm/contract/orders.contract.ts';
import { callbackListQuery } from '@gm/contract/payment-callbacks.contract.ts';
import { readEnum } from '../../shared/hooks/use-search-state.ts';
import { orderedRange, readListQuery } from '../../shared/url-filters.ts';
import type { OrderFilters } from './orders.queries.ts';

export const DEFAULT_SIZE = 20;

/**
 * The order pages: the URL's search params -> the list's filters, as the API's `orderListQuery`
 * reads them (a refused value is dropped; a time range counts only whole and in order).
 * `fixed` is the status of `/order/add` (incomplete) and `/order/back` (completed), which the
 * URL cannot change.
 */
export function parseOrderFilters(params: URLSearchParams, fixed?: OrderStatus): OrderFilters {
  const filters = orderedRange(readListQuery(orderListQuery, params), 'start', 'end');
  return fixed ? { ...filters, status: fixed } : filters;
}

/** One parser per route, each stable, so `useSearchState` re-parses only when the URL changes. */
export const ORDER_PAGE_PARSERS = {
  all: (params: URLSearchParams) => parseOrderFilters(params),
  pending: (params: URLSearchParams) => parseOrderFilters(params, 'incomplete'),
  completed: (params: URLSearchParams) => parseOrderFilters(params, 'completed'),
} as const;
export type OrderPageKind = keyof typeof ORDER_PAGE_PARSERS;

/** Which dialog of the order list is open, and for which order (`?dialog=detail&order=…`), so Back closes it. */
export const ORDER_DIALOGS = ['detail', 'replenish'] as const;
export type OrderDialog = (typeof ORDER_DIALOGS)[number];
export function parseOrderDialog(params: URLSearchParams): { dialog: OrderDialog; orderId: string } | null {
  const dialog = readEnum(params.get('dialog'), ORDER_DIALOGS);
  const orderId = params.get('order')?.trim();
  return dialog && orderId ? { dialog, orderId } : null;
}

/** The game's status words; anything else is shown as unknown. */
export function knownStatus(status: string): OrderStatus | undefined {
  return readEnum(status, ORDER_STATUSES);
}

/** The order cache: the URL read through the API's `callbackListQuery`; a time range counts only whole and in order. */
export const parseCallbackFilters = (params: URLSearchParams) => orderedRange(readListQuery(callbackListQuery, params), 'start', 'end');
