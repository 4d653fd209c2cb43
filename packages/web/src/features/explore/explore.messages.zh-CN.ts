import type { Translation } from '../../shared/i18n-types.ts';
import type { en } from './explore.messages.ts';

/** The `explore` namespace in Chinese: downloaded only by a console speaking Chinese (docs/decisions.md). */
export const zhCN: Translation<typeof en> = {
  title: '探索地图坐标',
  description: '修改玩家在探索地图上的位置。游戏在内存中保存在线玩家的位置，因此：先显示已知地图，再将玩家踢下线，然后提交修改。',
  roleId: '角色ID',
  load: '显示地图',
  steps: { show: '显示已知地图', kick: '踢下线', submit: '提交修改' },
  player: '{{name}} · 区服 {{areaId}}',
  online: '玩家在线：请先踢下线再修改。',
  offline: '玩家已于 {{time}} 下线：可以提交修改。',
  map: '探索地图',
  locked: '未解锁',
  current: '当前坐标',
  target: '新坐标',
  none: '暂无坐标',
  clickHint: '在地图上点击选择新位置，或直接输入坐标。',
  kick: '踢下线',
  kickConfirm: '确定立即将 {{name}} 踢下线吗？玩家之后可再次登录；请在其登录前提交修改。',
  waiting: '正在等待游戏保存玩家数据',
  waitingText: '踢下线会在短暂延迟后生效，本窗口将在 {{seconds}} 秒后关闭。',
  submit: '提交修改',
  saved: '已在 {{mapId}} 上移动：({{before}}) → ({{after}})',
  noMaps: '该玩家没有探索地图。',
  x: 'X',
  y: 'Y',
  z: 'Z（高度）',
};
