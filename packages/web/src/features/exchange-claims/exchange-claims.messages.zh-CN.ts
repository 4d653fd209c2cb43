import type { Translation } from '../../shared/i18n-types.ts';
import type { en } from './exchange-claims.messages.ts';

/** The `exchangeClaims` namespace in Chinese: downloaded only by a console speaking Chinese (docs/decisions.md). */
export const zhCN: Translation<typeof en> = {
  title: '兑换码领取详情',
  description: '谁在何时兑换了哪个兑换码、获得了什么（以游戏记录为准）。',
  fields: {
    code: '兑换码',
    batch: '兑换码批次',
    roleId: '角色ID',
    roleName: '角色名',
    userId: '用户ID',
    area: '区服',
    rewards: '奖励',
    claimedAt: '领取时间',
    time: '领取时间',
  },
  exact: '精确值',
  any: '全部',
};
