import type { Translation } from '../../shared/i18n-types.ts';
import type { en } from './gm-log.messages.ts';

/** The `gmLog` namespace in Chinese: downloaded only by a console speaking Chinese (docs/decisions.md). */
export const zhCN: Translation<typeof en> = {
  title: 'GM操作日志',
  description: '所有操作员通过后台做出的每一次变更与被拒绝的请求。',
  filters: {
    operator: { label: '操作员', placeholder: '账号或名称' },
    code: { label: '权限编码', placeholder: '全部编码' },
    target: { label: '操作对象', placeholder: '被修改对象的ID' },
    outcome: { label: '结果', placeholder: '全部结果' },
    time: { label: '时间' },
  },
  columns: {
    stamp: '时间',
    operator: '操作员',
    action: '操作',
    code: '编码',
    targets: '操作对象',
    log: '描述',
    outcome: '结果',
    ip: 'IP',
  },
  detail: {
    params: '参数',
    before: '修改前',
    after: '修改后',
    errorCode: '错误码',
    noValue: '未记录',
  },
};
