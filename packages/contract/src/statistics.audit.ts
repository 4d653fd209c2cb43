// Apart from statistics.contract.ts (which re-exports them) and free of zod: the web app's GM log
// reads every module's labels, and importing them from the contract module would download its
// schemas too (docs/performance.md, "First visit").
/** The audited statistics action (the table views' exports), with its label in both languages. */
export const STATISTICS_AUDIT_ACTIONS = {
  'statistics.export': { en: 'Export statistics to Excel', zh: '导出统计Excel' },
} as const;
