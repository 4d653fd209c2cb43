// Apart from payment-callbacks.contract.ts (which re-exports them) and free of zod: the web app's GM log
// reads every module's labels, and importing them from the contract module would download its
// schemas too (docs/performance.md, "First visit").
/** Audit actions (spread into AUDIT_ACTIONS). */
export const CALLBACK_AUDIT_ACTIONS = {
  'orders.callbackRetry': { en: 'Retry a cached payment callback', zh: '重试缓存的支付回调' },
} as const satisfies Record<string, { en: string; zh: string }>;
