// Apart from redeem-codes.contract.ts (which re-exports them) and free of zod: the web app's GM log
// reads every module's labels, and importing them from the contract module would download its
// schemas too (docs/performance.md, "First visit").
export const REDEEM_AUDIT_ACTIONS = {
  'redeemBatches.create': { en: 'Create a redeem code batch', zh: '新建兑换码批次' },
  'redeemBatches.update': { en: 'Edit a redeem code batch', zh: '编辑兑换码批次' },
  'redeemBatches.enable': { en: 'Enable a redeem code batch', zh: '启用兑换码批次' },
  'redeemBatches.disable': { en: 'Disable a redeem code batch', zh: '停用兑换码批次' },
  'redeemBatches.publish': { en: 'Publish a redeem code batch to the game', zh: '向游戏发布兑换码批次' },
  'redeemBatches.export': { en: 'Export redeem codes', zh: '导出兑换码' },
} as const satisfies Record<string, { en: string; zh: string }>;
