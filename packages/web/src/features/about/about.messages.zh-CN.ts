import type { Translation } from '../../shared/i18n-types.ts';
import type { en } from './about.messages.ts';

/** The `about` namespace in Chinese: downloaded only by a console speaking Chinese (docs/decisions.md). */
export const zhCN: Translation<typeof en> = {
  title: '关于',
  description: '本后台的基本信息、运行版本与状态。',
  product: {
    title: '产品',
    name: '产品名称',
    serverVersion: '服务端版本',
    webBuild: '前端构建时间',
    timeZone: '显示时区',
    language: '语言',
  },
  protocol: {
    title: '游戏协议',
    game: '游戏',
    gameId: '游戏ID',
    version: '协议版本',
    agreements: '客户端协议',
    agreementVersion: '版本 {{version}}',
    empty: '未配置协议。',
  },
};
