import { en as contractEn, zhCN as contractZhCN } from '@gm/contract/messages.ts';
import * as common from '../shared/common.messages.ts';
import * as nav from './nav.messages.ts';
import * as auth from '../features/auth/auth.messages.ts';

/**
 * The namespaces bundled with the app: what the sign-in, sign-up and 404 pages, the shell and
 * every error message need. The console's own namespaces (`i18n-console-resources.ts`) load with
 * the first signed-in page, so the sign-in page does not download them.
 */
export const publicResources = {
  en: { common: common.en, nav: nav.en, errors: contractEn.errors, validation: contractEn.validation, auth: auth.en },
  'zh-CN': { common: common.zhCN, nav: nav.zhCN, errors: contractZhCN.errors, validation: contractZhCN.validation, auth: auth.zhCN },
} as const;
