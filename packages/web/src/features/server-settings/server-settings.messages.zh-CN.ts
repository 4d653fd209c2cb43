import type { Translation } from '../../shared/i18n-types.ts';
import type { en } from './server-settings.messages.ts';

/** The `serverSettings` namespace in Chinese: downloaded only by a console speaking Chinese (docs/decisions.md). */
export const zhCN: Translation<typeof en> = {
  title: '服务器设置',
  description: '游戏服务器的类型化设置。每次修改都会记录修改人以及修改前后的值。',
  types: { string: '文本', integer: '整数', number: '数字', boolean: '开关', json: 'JSON' },
  on: '开',
  off: '关',
  filters: { keyword: '键、值或描述', type: '类型' },
  columns: { key: '键', type: '类型', value: '值', description: '描述', updated: '最后修改' },
  fields: {
    key: { label: '键', placeholder: '如 login.queueThreshold', help: '字母、数字、点、短横线或下划线，创建后不可修改。' },
    type: { label: '类型' },
    value: { label: '值' },
    description: { label: '描述', placeholder: '游戏如何使用该设置' },
  },
  actions: { add: '新增设置', edit: '编辑', history: '历史', delete: '删除', batchDelete: '删除所选' },
  dialogs: { create: '新增服务器设置', edit: '修改 {{key}}', typeChange: '修改类型会清空当前值。' },
  history: {
    title: '{{key}} 的修改历史',
    empty: '暂无修改记录。',
    before: '修改前',
    after: '修改后',
    created: '创建',
    deleted: '删除',
  },
  confirm: {
    delete: '确定删除 {{count}} 项设置？',
    deleteOne: '确定删除 {{key}}？',
    deleteContent: '游戏将回退到内置默认值：{{names}}',
  },
  notifications: { created: '已添加 {{key}}', updated: '已保存 {{key}}', deleted: '已删除 {{count}} 条' },
};
