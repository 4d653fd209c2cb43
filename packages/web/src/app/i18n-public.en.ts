/** The public namespaces in English: one download before the first render (`i18n-public-resources.ts`). */
export { en as common } from '../shared/common.messages.ts';
export { en as nav } from './nav.messages.ts';
export { en as auth } from '../features/auth/auth.messages.ts';
export { en as contract } from '@gm/contract/messages.en.ts';
