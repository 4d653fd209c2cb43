// Apart from cbt-rebate.contract.ts (which re-exports them) and free of zod: the web app's GM log
// reads every module's labels, and importing them from the contract module would download its
// schemas too (docs/performance.md, "First visit").
/** Audit actions (spread into AUDIT_ACTIONS). */
export const REBATE_AUDIT_ACTIONS = {
  'cbtRebate.settings': { en: 'Set the beta-test rebate rule', zh: '设置删档测试返利规则' },
  'cbtRebate.propose': { en: 'Propose beta-test rebates', zh: '提交删档测试返利' },
  'cbtRebate.approve': { en: 'Approve a beta-test rebate', zh: '审核通过删档测试返利' },
  'cbtRebate.reject': { en: 'Reject a beta-test rebate', zh: '驳回删档测试返利' },
} as const satisfies Record<string, { en: string; zh: string }>;
