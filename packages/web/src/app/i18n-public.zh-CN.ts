/** The public namespaces in Chinese: one download before the first render (`i18n-public-resources.ts`). */
export { zhCN as common } from '../shared/common.messages.zh-CN.ts';
export { zhCN as nav } from './nav.messages.zh-CN.ts';
export { zhCN as auth } from '../features/auth/auth.messages.zh-CN.ts';
export { zhCN as contract } from '@gm/contract/messages.zh-CN.ts';
