import type { Translation } from '../../shared/i18n-types.ts';
import type { en } from './logs.messages.ts';

/** The `logs` namespace in Chinese: downloaded only by a console speaking Chinese (docs/decisions.md). */
export const zhCN: Translation<typeof en> = {
  list: {
    description: '按时间倒序。选择时间范围（含开始、不含结束）和条件后查询。',
    idle: '设置时间范围和条件后点击查询。',
    invalid: '链接中的筛选条件不符合规则（见上方提示），请修改后查询。',
    total: '共 {{total}} 条',
    totalMore: '超过 {{total}} 条',
    events: '事件：',
  },
  columns: {
    button: '列',
    title: '显示的列',
    reset: '默认列',
    all: '全部',
  },
  pager: {
    first: '首页',
    previous: '上一页',
    next: '下一页',
    page: '第 {{page}} 页',
    size: '{{size}} 条/页',
    noTrail: '从链接打开：请通过“首页”返回。',
  },
  values: {
    permanent: '永久',
    more: '+{{count}}',
    details: '详情',
  },
  custom: {
    description: '按偏移量和条数查询一张日志表的记录，最新的在前。',
    table: { label: '表名', placeholder: '请选择表' },
    offset: { label: '偏移量' },
    limit: { label: '条数', help: '每次最多 {{maximum}} 条。' },
    columns: { label: '列', placeholder: '全部列' },
    capped: '条数已限制为 {{limit}} 条。',
    shown: '第 {{from}}–{{to}} 条',
    none: '没有记录。',
    previous: '上 {{limit}} 条',
    next: '下 {{limit}} 条',
    exportHint: '将该表在时间范围内的全部记录（不受偏移量和条数限制）导出为 Excel 文件，在后台生成。需要选择时间范围。',
  },
};
