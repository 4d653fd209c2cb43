import type { Translation } from '../../shared/i18n-types.ts';
import type { en } from './exports.messages.ts';

/** The `exports` namespace in Chinese: downloaded only by a console speaking Chinese (docs/decisions.md). */
export const zhCN: Translation<typeof en> = {
  title: '下载任务',
  description: '日志页面的导出，在后台生成。文件保留至所示日期，之后与任务一并删除。',
  filters: {
    status: '状态',
    account: '操作员账号',
  },
  columns: {
    log: '导出内容与筛选条件',
    status: '状态',
    rows: '行数与大小',
    operator: '操作员',
    created: '创建时间',
    expires: '保留至',
  },
  filter: {
    table: '表 {{table}}',
    columns: '{{count}} 列',
    none: '无条件',
  },
  actions: {
    download: '下载',
    cancel: '取消',
    delete: '删除',
    cancelConfirm: '确定取消此导出？',
    deleteConfirm: '确定删除此任务及其文件？',
  },
  notifications: {
    cancelled: '导出已取消',
    deleted: '任务已删除',
  },
  refreshing: '有任务进行中，自动刷新',
};
