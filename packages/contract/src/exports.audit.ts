import type { Label } from './log-catalogue.ts';

// Apart from exports.contract.ts (which re-exports them) and free of zod: the web app's GM log
// reads every module's labels, and importing them from the contract module would download its
// schemas too (docs/performance.md, "First visit").
/** Every audited export action, with its label in both languages. */
export const EXPORT_AUDIT_ACTIONS = {
  'exports.create': { en: 'Export to Excel (download task)', zh: '导出Excel（下载任务）' },
  'exports.cancel': { en: 'Cancel export', zh: '取消导出' },
  'exports.delete': { en: 'Delete export file', zh: '删除导出文件' },
  'exports.download': { en: 'Download export file', zh: '下载导出文件' },
  'exports.page': { en: 'Export a page to Excel', zh: '导出当前页Excel' },
} as const satisfies Record<string, Label>;
