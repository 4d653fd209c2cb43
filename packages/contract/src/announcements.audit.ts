// Apart from announcements.contract.ts (which re-exports them) and free of zod: the web app's GM log
// reads every module's labels, and importing them from the contract module would download its
// schemas too (docs/performance.md, "First visit").
/** Audit actions of announcements and uploads (spread into AUDIT_ACTIONS). */
export const ANNOUNCEMENT_AUDIT_ACTIONS = {
  'announcements.create': { en: 'Create an announcement', zh: '创建公告' },
  'announcements.update': { en: 'Edit an announcement', zh: '编辑公告' },
  'announcements.delete': { en: 'Delete an announcement', zh: '删除公告' },
  'announcements.sort': { en: 'Sort announcements', zh: '公告排序' },
  'announcements.publish': { en: 'Refresh an announcement to the game', zh: '刷新公告到游戏' },
  'announcements.reset': { en: 'Reset an expired scrolling announcement', zh: '重置过期滚动公告' },
  'announcements.expire': { en: 'An announcement expired', zh: '公告过期' },
  'announcements.import': { en: 'Import announcements', zh: '导入公告' },
  'announcements.export': { en: 'Export announcements', zh: '导出公告' },
  'announcements.templateCreate': { en: 'Save an announcement template', zh: '保存公告模板' },
  'announcements.templateDelete': { en: 'Delete an announcement template', zh: '删除公告模板' },
  'announcements.backupCreate': { en: 'Back up the announcement board', zh: '备份公告' },
  'announcements.backupRestore': { en: 'Restore an announcement backup', zh: '恢复公告备份' },
  'uploads.create': { en: 'Upload an image', zh: '上传图片' },
} as const satisfies Record<string, { en: string; zh: string }>;
