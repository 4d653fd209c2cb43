// Apart from rankings.contract.ts (which re-exports them) and free of zod: the web app's GM log
// reads every module's labels, and importing them from the contract module would download its
// schemas too (docs/performance.md, "First visit").
/** Audit actions (spread into AUDIT_ACTIONS). */
export const RANK_AUDIT_ACTIONS = {
  'rankings.remove': { en: 'Take entries off a leaderboard', zh: '从排行榜移除条目' },
  'rankings.restore': { en: 'Put entries back on a leaderboard', zh: '恢复排行榜条目' },
} as const satisfies Record<string, { en: string; zh: string }>;
