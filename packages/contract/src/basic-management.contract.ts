/**
 * What the screens of "Basic management" share (except server regions): the open/close switch,
 * notes, the batch bodies with the spec's "delete needs at least one entry chosen" rule, and
 * the labels of their audited actions. Each area's own schemas are in whitelists.contract.ts,
 * resources.contract.ts, sequences.contract.ts, server-settings.contract.ts and
 * agreements.contract.ts.
 */
import { z } from 'zod';
import { ID_MAX_LENGTH } from './constants.ts';
import { nameOrId } from './common.contract.ts';

/** The spec's status of a whitelist entry and its log switch: open or close. */
export const SWITCH_STATES = ['open', 'close'] as const;
export type SwitchState = (typeof SWITCH_STATES)[number];

/** The most entries one batch action may name. */
export const MAX_BATCH = 500;
export const NOTES_MAX = 255;

export const notesField = z.string().trim().max(NOTES_MAX, { error: 'validation.tooLong' }).default('');

const entryId = nameOrId(z.string().min(1).max(ID_MAX_LENGTH, { error: 'validation.idMax' }));

/** Spec section 5, whitelist: "Delete needs at least one entry chosen." Used by every batch delete here. */
export const deleteBody = z.object({
  ids: z
    .array(entryId, { error: 'validation.deleteNoneChosen' })
    .min(1, { error: 'validation.deleteNoneChosen' })
    .max(MAX_BATCH, { error: 'validation.batchTooLarge' }),
});
export type DeleteBody = z.infer<typeof deleteBody>;

/** A batch action other than delete: at least one entry. */
export const chosenIds = z
  .array(entryId, { error: 'validation.chooseAtLeastOne' })
  .min(1, { error: 'validation.chooseAtLeastOne' })
  .max(MAX_BATCH, { error: 'validation.batchTooLarge' });

export const switchBody = z.object({ ids: chosenIds, status: z.enum(SWITCH_STATES) });
export type SwitchBody = z.infer<typeof switchBody>;

/** What a batch change answers: how many entries changed (some may already have been so). */
export const batchResult = z.object({ changed: z.number() });
export type BatchResult = z.infer<typeof batchResult>;

/** Free-text search of a list: trimmed, empty means none. */
export const keywordQuery = z.string().trim().max(100, { error: 'validation.tooLong' }).optional();

/** Labels of the audited actions of these screens (merged into AUDIT_ACTIONS). */
export const BASIC_MANAGEMENT_AUDIT_ACTIONS = {
  'whitelists.ip.create': { en: 'Add IP whitelist entry', zh: '新增IP白名单' },
  'whitelists.ip.update': { en: 'Edit IP whitelist entry', zh: '编辑IP白名单' },
  'whitelists.ip.status': { en: 'Open or close IP whitelist entries', zh: '开启或关闭IP白名单' },
  'whitelists.ip.delete': { en: 'Delete IP whitelist entries', zh: '删除IP白名单' },
  'whitelists.id.create': { en: 'Add ID whitelist entry', zh: '新增ID白名单' },
  'whitelists.id.update': { en: 'Edit ID whitelist entry', zh: '编辑ID白名单' },
  'whitelists.id.status': { en: 'Open or close ID whitelist entries', zh: '开启或关闭ID白名单' },
  'whitelists.id.delete': { en: 'Delete ID whitelist entries', zh: '删除ID白名单' },
  'whitelists.function.create': { en: 'Add function whitelist entry', zh: '新增功能白名单' },
  'whitelists.function.update': { en: 'Edit function whitelist entry', zh: '编辑功能白名单' },
  'whitelists.function.logSwitch': { en: 'Switch function whitelist logging', zh: '切换功能白名单日志开关' },
  'whitelists.function.delete': { en: 'Delete function whitelist entries', zh: '删除功能白名单' },
  'whitelists.domain.create': { en: 'Add whitelisted domain', zh: '新增域名白名单' },
  'whitelists.domain.update': { en: 'Edit whitelisted domain', zh: '编辑域名白名单' },
  'whitelists.domain.status': { en: 'Open or close whitelisted domains', zh: '开启或关闭域名白名单' },
  'whitelists.domain.delete': { en: 'Delete whitelisted domains', zh: '删除域名白名单' },
  'resources.create': { en: 'Add resource', zh: '新增资源' },
  'resources.update': { en: 'Edit resource', zh: '编辑资源' },
  'resources.status': { en: 'Put resources online or offline', zh: '上线或下线资源' },
  'resources.delete': { en: 'Delete resources', zh: '删除资源' },
  'sequences.create': { en: 'Add sequence', zh: '新增自增序列' },
  'sequences.update': { en: 'Edit sequence', zh: '编辑自增序列' },
  'sequences.next': { en: 'Allocate ids from sequence', zh: '从自增序列分配ID' },
  'sequences.delete': { en: 'Delete sequences', zh: '删除自增序列' },
  'serverSettings.create': { en: 'Add server setting', zh: '新增服务器设置' },
  'serverSettings.update': { en: 'Change server setting', zh: '修改服务器设置' },
  'serverSettings.delete': { en: 'Delete server settings', zh: '删除服务器设置' },
  'agreements.create': { en: 'Add channel protocol version', zh: '新增渠道协议版本' },
  'agreements.update': { en: 'Edit channel protocol draft', zh: '编辑渠道协议草稿' },
  'agreements.publish': { en: 'Publish channel protocol', zh: '发布渠道协议' },
  'agreements.unpublish': { en: 'Unpublish channel protocol', zh: '撤回渠道协议' },
  'agreements.delete': { en: 'Delete channel protocol drafts', zh: '删除渠道协议草稿' },
} as const satisfies Record<string, { en: string; zh: string }>;
