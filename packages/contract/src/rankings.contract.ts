/**
 * Rankings (`/develop/redis_rank`, 11026; issue 13): the game's leaderboards, read through the
 * gateway, and taking a cheater's entry off a board (and back on). Boards are the game's: by
 * level, main-story progress and arena score, over every region or one. docs/decisions.md
 * "Rankings".
 */
import { z } from 'zod';
import { multiLine, pageQuery } from './common.contract.ts';
import { RANK_BOARDS } from './game-commands.contract.ts';
import { cappedPageOf, gameRef, LIST_DEPTH_LIMIT } from './players.contract.ts';

export { RANK_BOARDS };
export type { RankBoard } from './game-commands.contract.ts';

export const rankingQuery = pageQuery
  .extend({
    board: z.enum(RANK_BOARDS, { error: 'validation.rankBoard' }),
    areaId: gameRef.optional(),
  })
  .superRefine((q, ctx) => {
    if ((q.page + 1) * q.size > LIST_DEPTH_LIMIT) {
      ctx.addIssue({ code: 'custom', path: ['page'], message: 'validation.listTooDeep', params: { maximum: LIST_DEPTH_LIMIT } });
    }
  });
export type RankingQuery = z.infer<typeof rankingQuery>;

export const rankEntry = z.object({
  rank: z.number().int(),
  roleId: z.string(),
  roleName: z.string(),
  areaId: z.string(),
  level: z.number().int(),
  /** The board's figure: level, main-story progress or arena score. */
  value: z.number(),
});
export type RankEntry = z.infer<typeof rankEntry>;
export const rankingPage = cappedPageOf(rankEntry);

/** Entries taken off a board, newest first. */
export const rankRemovalQuery = pageQuery.extend({ board: z.enum(RANK_BOARDS).optional(), roleId: gameRef.optional() });
export type RankRemovalQuery = z.infer<typeof rankRemovalQuery>;
export const rankRemoval = z.object({
  board: z.enum(RANK_BOARDS),
  roleId: z.string(),
  roleName: z.string(),
  areaId: z.string(),
  reason: z.string(),
  removedBy: z.string(),
  removedAt: z.number(),
});
export type RankRemoval = z.infer<typeof rankRemoval>;
export const rankRemovalPage = z.object({ results: z.array(rankRemoval), total: z.number(), page: z.number(), size: z.number() });

const roleIds = z
  .array(gameRef, { error: 'validation.selectPlayersFirst' })
  .min(1, { error: 'validation.selectPlayersFirst' })
  .max(1000, { error: 'validation.batchTooLarge' });

export const boardParams = z.object({ board: z.enum(RANK_BOARDS, { error: 'validation.rankBoard' }) });
export const removeRankBody = z.object({
  roleIds,
  reason: multiLine(z.string({ error: 'validation.banReasonRequired' }).trim().min(1, { error: 'validation.banReasonRequired' }).max(255, { error: 'validation.tooLong' })),
});
export const restoreRankBody = z.object({ roleIds });

export const rankChangeResult = z.object({ board: z.enum(RANK_BOARDS), changed: z.number().int(), roleIds: z.array(z.string()) });
export type RankChangeResult = z.infer<typeof rankChangeResult>;

export { RANK_AUDIT_ACTIONS } from './rankings.audit.ts';
