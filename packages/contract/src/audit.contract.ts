import { z } from 'zod';
import { pageQuery, timeBound } from './common.contract.ts';
import { OPERATION_LOG_PAGE_SIZE } from './constants.ts';
import { BASIC_MANAGEMENT_AUDIT_ACTIONS } from './basic-management.audit.ts';
import { PLAYER_AUDIT_ACTIONS } from './players.contract.ts';
import { EXPORT_AUDIT_ACTIONS } from './exports.audit.ts';
import { STATISTICS_AUDIT_ACTIONS } from './statistics.audit.ts';
import { ORDER_AUDIT_ACTIONS } from './orders.contract.ts';
import { MAIL_AUDIT_ACTIONS } from './mails.audit.ts';
import { ANNOUNCEMENT_AUDIT_ACTIONS } from './announcements.audit.ts';
import { REBATE_AUDIT_ACTIONS } from './cbt-rebate.audit.ts';
import { CALLBACK_AUDIT_ACTIONS } from './payment-callbacks.audit.ts';
import { RANK_AUDIT_ACTIONS } from './rankings.audit.ts';
import { REDEEM_AUDIT_ACTIONS } from './redeem-codes.audit.ts';
import { GAME_CONFIG_AUDIT_ACTIONS } from './game-config.contract.ts';
import { SDK_AUDIT_ACTIONS } from './sdk.audit.ts';
import { CONFIG_TABLE_AUDIT_ACTIONS } from './config-tables.audit.ts';

export const AUDIT_OUTCOMES = ['ok', 'failed', 'denied'] as const;
export type AuditOutcome = (typeof AUDIT_OUTCOMES)[number];

/** Every audited action, with its label in both languages; modules add theirs here. */
export const AUDIT_ACTIONS = {
  'session.signIn': { en: 'Sign in', zh: '登录' },
  'session.signOut': { en: 'Sign out', zh: '登出' },
  'session.signUp': { en: 'Sign up', zh: '注册' },
  'session.denied': { en: 'Refused call', zh: '被拒绝的请求' },
  'session.lockedOut': { en: 'Locked out after wrong passwords', zh: '密码错误次数过多被锁定' },
  'profile.changePassword': { en: 'Change own password', zh: '修改本人密码' },
  'profile.totpEnable': { en: 'Turn on two-factor sign-in', zh: '开启两步验证' },
  'profile.totpDisable': { en: 'Turn off two-factor sign-in', zh: '关闭两步验证' },
  'profile.endSession': { en: 'End own session', zh: '结束本人会话' },
  'operators.create': { en: 'Create operator', zh: '创建操作员' },
  'operators.update': { en: 'Edit operator', zh: '编辑操作员' },
  'operators.resetPassword': { en: 'Reset operator password', zh: '重置操作员密码' },
  'operators.endSessions': { en: "End operator's sessions", zh: '结束操作员会话' },
  'operators.resetTotp': { en: "Reset operator's two-factor sign-in", zh: '重置操作员两步验证' },
  'roles.create': { en: 'Create role', zh: '创建角色' },
  'roles.update': { en: 'Edit role', zh: '编辑角色' },
  'roles.delete': { en: 'Delete role', zh: '删除角色' },
  'areas.create': { en: 'Add server region', zh: '新增区服' },
  'areas.update': { en: 'Edit server region', zh: '编辑区服' },
  'areas.open': { en: 'Open server regions', zh: '开启区服' },
  'areas.close': { en: 'Close server regions', zh: '关闭区服' },
  'areas.hide': { en: 'Hide server regions', zh: '隐藏区服' },
  'areas.loginStatus': { en: 'Region login control', zh: '区服登录控制' },
  'areas.heat': { en: 'Set region heat', zh: '设置区服热度' },
  'areas.merge': { en: 'Merge server regions', zh: '合服' },
  'areas.autoCloseSet': { en: 'Schedule region auto-close', zh: '设置区服自动关服' },
  'areas.autoCloseCancel': { en: 'Cancel region auto-close', zh: '取消区服自动关服' },
  'areas.autoCloseFire': { en: 'Region auto-closed on schedule', zh: '区服按计划自动关服' },
  ...BASIC_MANAGEMENT_AUDIT_ACTIONS,
  ...PLAYER_AUDIT_ACTIONS,
  ...EXPORT_AUDIT_ACTIONS,
  ...STATISTICS_AUDIT_ACTIONS,
  ...ORDER_AUDIT_ACTIONS,
  ...MAIL_AUDIT_ACTIONS,
  ...ANNOUNCEMENT_AUDIT_ACTIONS,
  ...REBATE_AUDIT_ACTIONS,
  ...CALLBACK_AUDIT_ACTIONS,
  ...RANK_AUDIT_ACTIONS,
  ...REDEEM_AUDIT_ACTIONS,
  ...GAME_CONFIG_AUDIT_ACTIONS,
  ...SDK_AUDIT_ACTIONS,
  ...CONFIG_TABLE_AUDIT_ACTIONS,
} as const satisfies Record<string, { en: string; zh: string }>;
export type AuditAction = keyof typeof AUDIT_ACTIONS;

export const auditEntry = z.object({
  id: z.string(),
  /** Epoch milliseconds; shown as yyyy-MM-dd HH:mm:ss in the display time zone. */
  stamp: z.number(),
  accountName: z.string(),
  /** One line for people, in the reader's language. */
  log: z.string(),
  action: z.string(),
  code: z.number().nullable(),
  targets: z.array(z.string()),
  params: z.unknown(),
  before: z.unknown(),
  after: z.unknown(),
  outcome: z.enum(AUDIT_OUTCOMES),
  errorCode: z.number().nullable(),
  ip: z.string(),
});
export type AuditEntry = z.infer<typeof auditEntry>;

export const auditQuery = pageQuery.extend({
  size: z.coerce.number().int().min(1).max(200).default(OPERATION_LOG_PAGE_SIZE),
  operator: z.string().trim().max(64).optional(),
  /** A permission code; the column is a 32-bit integer, which PostgreSQL will not compare with more. */
  code: z.coerce.number().int().min(0).max(2_147_483_647).optional(),
  target: z.string().trim().max(100, { error: 'validation.idMax' }).optional(),
  outcome: z.enum(AUDIT_OUTCOMES).optional(),
  from: timeBound,
  to: timeBound,
});
export type AuditQuery = z.infer<typeof auditQuery>;

export const health = z.object({
  db: z.object({ ok: z.boolean(), dialect: z.string(), latencyMs: z.number() }),
  logStore: z.object({ ok: z.boolean(), kind: z.string() }),
  gateway: z.object({ ok: z.boolean(), kind: z.string(), latencyMs: z.number().optional(), message: z.string().optional() }),
  /** Where the request counters every instance shares live: the database, or Redis (REDIS_URL). */
  counters: z.object({ ok: z.boolean(), kind: z.enum(['database', 'redis']), latencyMs: z.number().optional() }),
  version: z.string(),
  uptimeSeconds: z.number(),
});
export type Health = z.infer<typeof health>;
