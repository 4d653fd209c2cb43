import { MAX_PAGE_SIZE } from '@gm/contract/constants.ts';
import { ORDER_STATUSES, type OrderStatus } from '@gm/contract/orders.contract.ts';
import { LIST_DEPTH_LIMIT } from '@gm/contract/players.contract.ts';
import { callbackListQuery } from '@gm/contract/payment-callbacks.contract.ts';
import { readEnum, readInt, readOptionalInt } from '../../shared/hooks/use-search-state.ts';
import { orderedRange, readListQuery } from '../../shared/url-filters.ts';
import type { OrderFilters } from './orders.queries.ts';

export const DEFAULT_SIZE = 20;

/**
 * The order pages: the URL's search params -> the list's filters (anything malformed is
 * dropped). `fixed` is the status of `/order/add` (incomplete) and `/order/back` (completed),
 * which the URL cannot change.
 */
export function parseOrderFilters(params: URLSearchParams, fixed?: OrderStatus): OrderFilters {
  const text = (key: string) => params.get(key)?.trim() || undefined;
  const start = readOptionalInt(params.get('start'));
  const end = readOptionalInt(params.get('end'));
  const size = readInt(params.get('size'), DEFAULT_SIZE, 1, MAX_PAGE_SIZE);
  return {
    status: fixed ?? readEnum(params.get('status'), ORDER_STATUSES),
    orderId: text('orderId'),
    platformOrderId: text('platformOrderId'),
    roleId: text('roleId'),
    userId: text('userId'),
    productId: text('productId'),
    // A range counts only when both ends are there and in order (the server refuses the rest).
    ...(start !== undefined && end !== undefined && start >= 0 && start < end ? { start, end } : {}),
    page: readInt(params.get('page'), 1, 1, Math.max(1, Math.floor(LIST_DEPTH_LIMIT / size))),
    size,
  };
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
