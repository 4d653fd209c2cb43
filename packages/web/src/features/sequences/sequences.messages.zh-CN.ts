import type { Translation } from '../../shared/i18n-types.ts';
import type { en } from './sequences.messages.ts';

/** The `sequences` namespace in Chinese: downloaded only by a console speaking Chinese (docs/decisions.md). */
export const zhCN: Translation<typeof en> = {
  title: '自增设置',
  description: '游戏与后台用于分配ID的命名序列。序列只能向前增长。',
  addTitle: '新增自增序列',
  addDescription: '分配的第一个ID为当前值加步长。',
  filters: { keyword: '名称或描述' },
  columns: {
    name: '名称',
    description: '描述',
    currentValue: '当前值',
    step: '步长',
    range: '范围',
    remaining: '剩余',
    updated: '最后修改',
  },
  fields: {
    name: { label: '名称', placeholder: '如 mail.id', help: '小写字母、数字、点、短横线或下划线，创建后不可修改。' },
    description: { label: '描述', placeholder: 'ID的用途' },
    currentValue: { label: '当前值', help: '最后分配出去的ID，只能增大。' },
    step: { label: '步长' },
    minValue: { label: '最小值', help: '创建后不可修改。' },
    maxValue: { label: '最大值' },
    count: { label: '分配数量', help: '1到1000之间。' },
  },
  actions: {
    add: '新增序列',
    next: '分配',
    edit: '编辑',
    delete: '删除',
    batchDelete: '删除所选',
  },
  next: {
    title: '从 {{name}} 分配ID',
    current: '当前为 {{current}}，下一个ID为 {{next}}。',
    ok: '分配',
    allocated: '已分配',
    single: 'ID {{first}}',
    range: '{{count}} 个ID：{{first}} 至 {{last}}（步长 {{step}}）',
  },
  edit: { title: '编辑 {{name}}' },
  confirm: {
    delete: '确定删除 {{count}} 个序列？',
    deleteOne: '确定删除 {{name}}？',
    deleteContent: '依赖这些序列分配ID的功能将失败：{{names}}',
  },
  notifications: {
    created: '已添加 {{name}}',
    updated: '已保存 {{name}}',
    deleted: '已删除 {{count}} 条',
    allocated: '已从 {{name}} 分配 {{first}} 至 {{last}}',
  },
  backToList: '返回列表',
  exhausted: '已用尽',
};
