import type { Translation } from '../../shared/i18n-types.ts';

/** The `logs` namespace: the fifteen /flow lists and the custom table query. Column labels come from the contract's catalogue. */
export const en = {
  list: {
    description: 'Newest first. Choose a time range (start included, end excluded) and any conditions, then Search.',
    idle: 'Choose a time range, then Search.',
    invalid: 'The filter in this link breaks a rule (shown above). Correct it, then Search.',
    total: '{{total}} rows',
    totalMore: 'More than {{total}} rows',
    events: 'Events: {{events}}',
  },
  columns: {
    button: 'Columns',
    title: 'Columns shown',
    reset: 'Default columns',
    all: 'All',
  },
  pager: {
    first: 'First page',
    previous: 'Previous',
    next: 'Next',
    page: 'Page {{page}}',
    size: '{{size}} / page',
    noTrail: 'Opened from a link: go back through First page.',
  },
  values: {
    permanent: 'Permanent',
    more: '+{{count}}',
    details: 'Details',
  },
  custom: {
    description: 'Rows of one log table, newest first, by offset and limit.',
    table: { label: 'Table', placeholder: 'Choose a table' },
    offset: { label: 'Offset' },
    limit: { label: 'Limit', help: 'At most {{maximum}} rows per query.' },
    columns: { label: 'Columns', placeholder: 'Every column' },
    capped: 'The limit was capped at {{limit}} rows.',
    shown: 'Rows {{from}}–{{to}}',
    none: 'No rows.',
    previous: 'Previous {{limit}}',
    next: 'Next {{limit}}',
    exportHint: 'Every row of the table in the time range (offset and limit do not apply) to an Excel file, made in the background. Needs a time range.',
  },
};

export const zhCN: Translation<typeof en> = {
  list: {
    description: '按时间倒序。选择时间范围（含开始、不含结束）和条件后查询。',
    idle: '请选择时间范围后查询。',
    invalid: '链接中的筛选条件不符合规则（见上方提示），请修改后查询。',
    total: '共 {{total}} 条',
    totalMore: '超过 {{total}} 条',
    events: '事件：{{events}}',
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
