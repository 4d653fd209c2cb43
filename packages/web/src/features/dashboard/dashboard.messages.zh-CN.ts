import type { Translation } from '../../shared/i18n-types.ts';
import type { en } from './dashboard.messages.ts';

/** The `dashboard` namespace in Chinese: downloaded only by a console speaking Chinese (docs/decisions.md). */
export const zhCN: Translation<typeof en> = {
  title: '首页',
  greeting: {
    morning: '早上好，{{name}}',
    afternoon: '下午好，{{name}}',
    evening: '晚上好，{{name}}',
  },
  signedInAs: '当前账号 {{account}}',
  noRole: '未分配角色',
  twoFactorOn: '已开启两步验证',
  twoFactorOff: '未开启两步验证',
  stats: {
    signedIn: '在线操作员',
    myOperations: '我的最近操作',
    system: '系统',
    uptime: '服务运行时长',
  },
  sessions: {
    title: '当前在线',
    operator: '操作员',
    since: '登录时间',
    lastSeen: '最近活动',
    ip: 'IP',
    agent: '浏览器',
    you: '你',
    empty: '暂无其他在线操作员。',
    count: '操作员 {{operators}} 人 · 会话 {{count}} 个',
  },
  operations: {
    title: '我的最近操作',
    viewAll: '查看全部',
    empty: '你还没有任何操作。',
  },
  game: {
    title: '今日游戏数据',
    updated: '截至 {{time}}，每分钟刷新',
    onlineNow: '当前在线玩家',
    last24h: '最近 24 小时在线人数',
    newPlayers: '今日新增玩家',
    activePlayers: '今日活跃玩家',
    revenue: '今日充值',
    yesterday: '昨日同时段：{{value}}',
  },
};
