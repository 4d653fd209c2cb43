/**
 * What the demo game reports besides its world state: players' reports of each other and
 * redeem-code claims, derived from a seed like the players themselves (`world.seed.ts`), for
 * tests and the browser tests' worlds. The traffic simulator and a real game report theirs
 * through the ingest API (`/api/ingest/reports`, `/api/ingest/redeem-claims`); the report texts
 * and code batches here are the demo game's, shared with the simulator.
 */
import type { Grant } from '@gm/contract/game-commands.contract.ts';
import { REPORT_REASONS, type ReportReason } from '@gm/contract/players.contract.ts';
import type { Db } from '../../db/database.ts';
import type { NewGameRedeemClaim, NewGameReport } from './world-reports.table.ts';
import type { GamePlayerRow } from './world.table.ts';
import * as worldRepository from './world.repository.ts';
import { createRandom, roleIdOf, type Random } from './world.seed.ts';

const DAY_MS = 86_400_000;

/** What players write when they report someone, by reason (in the demo's bilingual style). */
export const REPORT_TEXTS: Readonly<Record<ReportReason, readonly string[]>> = {
  cheating: ['开了加速外挂，一秒打完副本 Speed hack, clears the dungeon in one second', '自动瞄准 Aimbot in arena', '伤害数值异常 Impossible damage numbers'],
  abuse: ['世界频道骂人 Insulting people in world chat', '组队时辱骂队友 Abusing teammates in a party', '私聊骚扰 Harassment in private messages'],
  spam: ['刷屏卖金币 Spamming gold-selling ads', '反复发送外部链接 Posting external links again and again'],
  inappropriateName: ['角色名含不当词汇 Offensive role name', '冒充官方客服的名字 Name impersonates official support'],
  fraud: ['诈骗交易账号 Scam while trading an account', '冒充GM索要密码 Pretends to be a GM and asks for passwords'],
  other: ['挂机占用资源点 AFK blocking a resource spot', '恶意举报他人 Files false reports'],
};

/** Ids carry how many rows were there before, so seeding again adds rows instead of colliding. */
async function countRows(db: Db, table: 'game_reports' | 'game_redeem_claims'): Promise<number> {
  const row = await db.selectFrom(table).select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
  return Number(row.n);
}

async function samplePlayers(db: Db, rng: Random, count: number): Promise<GamePlayerRow[]> {
  const total = await worldRepository.countPlayers(db);
  if (total === 0) return [];
  const ids = Array.from({ length: count }, () => roleIdOf(rng.int(0, total - 1)));
  const rows = await worldRepository.findPlayers(db, [...new Set(ids)]);
  const byId = new Map(rows.map((r) => [r.role_id, r]));
  return ids.map((id) => byId.get(id)).filter((r): r is GamePlayerRow => r !== undefined);
}

/**
 * Files `count` reports made in the 14 days before `now`. A few troublemakers attract many
 * reports, as in a live game. Returns the report ids.
 */
export async function seedReports(db: Db, options: { count: number; seed: number; now: number }): Promise<string[]> {
  const rng = createRandom(options.seed ^ 0x2f6b_1a3d);
  const reported = await samplePlayers(db, rng, Math.max(1, Math.ceil(options.count / 3)));
  const reporters = await samplePlayers(db, rng, options.count);
  if (reported.length === 0 || reporters.length === 0) return [];
  const rows: NewGameReport[] = [];
  const first = await countRows(db, 'game_reports');
  for (let i = 0; i < options.count; i += 1) {
    // Skewed: the first reported roles collect most reports.
    const target = reported[Math.floor(reported.length * rng.next() ** 2)] ?? reported[0];
    const reporter = reporters[i % reporters.length];
    if (!target || !reporter) continue;
    const reason = rng.pick(REPORT_REASONS);
    rows.push({
      report_id: `R${options.seed}-${first}-${String(i).padStart(7, '0')}`,
      role_id: target.role_id,
      role_name: target.role_name,
      area_id: target.area_id,
      reporter_role_id: reporter.role_id,
      reason,
      content: rng.pick(REPORT_TEXTS[reason]),
      reported_at: options.now - Math.floor(rng.next() * 14 * DAY_MS),
    });
  }
  await worldRepository.insertReports(db, rows);
  return rows.map((r) => r.report_id);
}

export interface RedeemBatch {
  id: string;
  name: string;
  /** What each code of the batch gives (items of the demo's bag catalogue). */
  rewards: Grant[];
  /** The one code everybody types (a campaign word); null: one-off codes, each redeemed once. */
  sharedCode: string | null;
}

/** The demo game's redeem-code batches (campaigns). */
export const REDEEM_BATCHES: Readonly<Record<'launch' | 'weibo' | 'stream' | 'support', RedeemBatch>> = {
  launch: { id: 'B2026LAUNCH', name: '公测庆典 Launch celebration', sharedCode: 'LAUNCH', rewards: [{ kind: 'currency', currency: 'nonRecharge', quantity: 300 }, { kind: 'item', itemType: 'prop', sourceId: '100103', quantity: 5, rarity: 4 }] },
  weibo: { id: 'B2026WEIBO', name: '微博礼包 Weibo gift', sharedCode: 'WEIBO', rewards: [{ kind: 'item', itemType: 'prop', sourceId: '100101', quantity: 10, rarity: 2 }, { kind: 'item', itemType: 'materials', sourceId: '400101', quantity: 200, rarity: 1 }] },
  stream: { id: 'B2026STREAM', name: '直播福利 Live-stream reward', sharedCode: 'STREAM', rewards: [{ kind: 'currency', currency: 'nonRecharge', quantity: 120 }] },
  support: { id: 'B2026CS', name: '客服补偿 Support compensation', sharedCode: null, rewards: [{ kind: 'currency', currency: 'nonRecharge', quantity: 500 }, { kind: 'item', itemType: 'materials', sourceId: '400104', quantity: 1, rarity: 5 }] },
};

const BATCHES: readonly RedeemBatch[] = Object.values(REDEEM_BATCHES);

const CODE_CHARS = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';

/** A one-off code of the support batch: `CS` and ten characters that cannot be misread. */
export function oneOffCode(rng: Random): string {
  return `CS${Array.from({ length: 10 }, () => CODE_CHARS.charAt(rng.int(0, CODE_CHARS.length - 1))).join('')}`;
}

/** Records `count` redeem-code claims in the 30 days before `now`. Returns the claim ids. */
export async function seedRedeemClaims(db: Db, options: { count: number; seed: number; now: number }): Promise<string[]> {
  const rng = createRandom(options.seed ^ 0x5eed_c0de);
  const players = await samplePlayers(db, rng, options.count);
  const seen = new Set<string>();
  const rows: NewGameRedeemClaim[] = [];
  const first = await countRows(db, 'game_redeem_claims');
  players.forEach((p, i) => {
    const batch = rng.pick(BATCHES);
    // A code batch is claimed once per role.
    if (seen.has(`${p.role_id}:${batch.id}`)) return;
    seen.add(`${p.role_id}:${batch.id}`);
    // Shared codes (a campaign word) and one-off codes (a support compensation).
    const code = batch.sharedCode ?? oneOffCode(rng);
    rows.push({
      claim_id: `C${options.seed}-${first}-${String(i).padStart(7, '0')}`,
      code,
      batch_id: batch.id,
      batch_name: batch.name,
      role_id: p.role_id,
      role_name: p.role_name,
      user_id: p.user_id,
      area_id: p.area_id,
      rewards: JSON.stringify(batch.rewards),
      claimed_at: options.now - Math.floor(rng.next() * 30 * DAY_MS),
    });
  });
  await worldRepository.insertRedeemClaims(db, rows);
  return rows.map((r) => r.claim_id);
}
