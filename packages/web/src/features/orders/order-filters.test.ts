import { describe, expect, it } from 'vitest';
import { RECHARGE_STATUSES } from '@gm/contract/log-catalogue.ts';
import { ORDER_PAGE_PARSERS, knownStatus, parseOrderDialog, parseOrderFilters } from './order-filters.ts';
import { en } from './orders.messages.ts';
import { zhCN } from './orders.messages.zh-CN.ts';

describe('order list filters from the URL', () => {
  it('reads every filter', () => {
    const filters = parseOrderFilters(
      new URLSearchParams('status=completed&orderId=o1&platformOrderId=gp.1&roleId=100&userId=200&productId=com.x&start=1000&end=2000&page=3&size=50'),
    );
    expect(filters).toEqual({
      status: 'completed', orderId: 'o1', platformOrderId: 'gp.1', roleId: '100', userId: '200', productId: 'com.x', start: 1000, end: 2000, page: 3, size: 50,
    });
  });

  it('drops an unknown status, blank text, reversed or half ranges and pages past the depth limit', () => {
    const filters = parseOrderFilters(new URLSearchParams('status=refunded&orderId=%20%20&start=5&end=1&page=9999&size=100'));
    expect(filters).toEqual({
      status: undefined, orderId: undefined, platformOrderId: undefined, roleId: undefined, userId: undefined, productId: undefined, page: 1, size: 100,
    });
    expect(parseOrderFilters(new URLSearchParams('start=5'))).not.toHaveProperty('start');
    expect(parseOrderFilters(new URLSearchParams('start=x&end=9'))).not.toHaveProperty('end');
    expect(parseOrderFilters(new URLSearchParams('size=0')).size).toBe(20);
    // The status words are the API's: "cancelled" is shown as refunded but read as is.
    expect(parseOrderFilters(new URLSearchParams('status=cancelled')).status).toBe('cancelled');
  });

  it('keeps the fixed status of the pending and completed pages whatever the URL says', () => {
    const params = new URLSearchParams('status=cancelled&roleId=7');
    expect(ORDER_PAGE_PARSERS.all(params)).toMatchObject({ status: 'cancelled', roleId: '7' });
    expect(ORDER_PAGE_PARSERS.pending(params)).toMatchObject({ status: 'incomplete', roleId: '7' });
    expect(ORDER_PAGE_PARSERS.completed(params)).toMatchObject({ status: 'completed', roleId: '7' });
    expect(ORDER_PAGE_PARSERS.completed(new URLSearchParams())).toMatchObject({ status: 'completed', page: 1, size: 20 });
  });

  it('reads the open dialog and tells the known statuses', () => {
    expect(parseOrderDialog(new URLSearchParams('dialog=detail&order=o-1'))).toEqual({ dialog: 'detail', orderId: 'o-1' });
    expect(parseOrderDialog(new URLSearchParams('dialog=replenish&order=o-2'))).toEqual({ dialog: 'replenish', orderId: 'o-2' });
    expect(parseOrderDialog(new URLSearchParams('dialog=cancel&order=o-1'))).toBeNull();
    expect(parseOrderDialog(new URLSearchParams('dialog=detail'))).toBeNull();
    expect(knownStatus('completed')).toBe('completed');
    expect(knownStatus('refunding')).toBeUndefined();
  });
});

describe('order statuses in the recharge log', () => {
  it('name a cancelled order as the order screens do: refunded (spec section 4)', () => {
    const cancelled = RECHARGE_STATUSES.find((s) => s.key === 'cancelled');
    expect(cancelled).toMatchObject({ en: en.status.cancelled, zh: zhCN.status.cancelled });
    expect(cancelled?.en).toBe('Refunded');
  });
});
