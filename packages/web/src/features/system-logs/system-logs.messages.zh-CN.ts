import type { Translation } from '../../shared/i18n-types.ts';
import type { en } from './system-logs.messages.ts';

/** The `systemLogs` namespace in Chinese: downloaded only by a console speaking Chinese (docs/decisions.md). */
export const zhCN: Translation<typeof en> = {
  exceptions: {
    title: '异常日志',
    description: '后台遇到的每一次意外失败：以系统错误应答的请求、失败的游戏调用、失败的后台任务与导出。',
  },
  gameCalls: {
    title: '游戏日志',
    description: '后台与游戏服务器之间的往来：发出的每一条指令，以及每一次失败或超过一秒的查询。游戏自身的指令记录在信息管理中查看。',
  },
  filters: {
    time: { label: '时间' },
    source: { label: '来源', placeholder: '全部来源' },
    what: { label: '位置', placeholder: '接口、调用、任务类型或导出' },
    kind: { label: '类型', placeholder: '指令与查询' },
    outcome: { label: '结果', placeholder: '全部结果' },
    name: { label: '名称', placeholder: '指令或查询名称' },
    operator: { label: '操作员', placeholder: '账号（精确）' },
  },
  columns: {
    at: '时间',
    source: '来源',
    what: '位置',
    message: '信息',
    occurrences: '次数',
    operator: '操作员',
    errorCode: '错误码',
    kind: '类型',
    name: '名称',
    target: '对象',
    duration: '耗时',
    outcome: '结果',
    reason: '原因',
  },
  source: { request: '请求', gateway: '游戏网关', job: '后台任务', export: '导出' },
  kind: { command: '指令', read: '查询' },
  outcome: { ok: '成功', refused: '被拒绝', invalid: '无效', unavailable: '不可用', timeout: '超时', error: '错误' },
  detail: {
    exceptionTitle: '异常',
    gameCallTitle: '游戏调用',
    lastAt: '最后一次',
    occurrences: '发生次数',
    requestId: '请求ID',
    instance: '实例',
    stack: '堆栈',
    noStack: '未记录堆栈。',
    commandId: '指令ID',
    params: '参数',
    noParams: '无参数',
    loadFailed: '无法加载该异常。',
  },
  actions: { view: '详情' },
  durationMs: '{{value}} 毫秒',
  noOperator: '系统',
};
