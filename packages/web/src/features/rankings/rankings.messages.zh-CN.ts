import type { Translation } from '../../shared/i18n-types.ts';
import type { en } from './rankings.messages.ts';

/** The `rankings` namespace in Chinese: downloaded only by a console speaking Chinese (docs/decisions.md). */
export const zhCN: Translation<typeof en> = {
  title: '排行榜',
  description: '玩家看到的游戏排行榜，从高到低。可将作弊者从榜上移除（玩家数据不变，只是不再上榜），之后也可恢复。',
  boards: { level: '等级', mainStory: '主线', arena: '竞技场' },
  values: { level: '等级', mainStory: '主线进度', arena: '竞技场积分' },
  tabs: { board: '排行榜', removed: '已移除' },
  fields: { rank: '排名', roleId: '角色ID', roleName: '角色名', areaId: '区服', level: '等级', board: '榜单', reason: '原因', removedBy: '移除人', removedAt: '移除时间' },
  filters: { area: '区服', allAreas: '全部区服', board: '榜单', anyBoard: '全部榜单' },
  actions: { remove: '从榜上移除', restore: '恢复' },
  remove: {
    title: '从{{board}}榜移除条目（{{count}} 个）',
    names: '角色：{{names}}',
    reason: '原因',
    reasonRequired: '请输入原因。',
    done: '已移除 {{count}} 个。',
  },
  restore: { title: '将 {{name}} 恢复到{{board}}榜？', done: '已恢复 {{count}} 个。' },
  none: '该榜单暂无角色。',
  noneRemoved: '暂无被移除的条目。',
};
