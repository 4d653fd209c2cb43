/** Business constants of spec section 9 and the house plan. */
export const HTTP_TIMEOUT_MS = 600_000;
export const ERROR_MESSAGE_MS = 5_000;
export const OPERATION_LOG_PAGE_SIZE = 30;
export const MOBILE_BREAKPOINT_PX = 992;
export const SIDEBAR_WIDTH_PX = 210;
export const SIGN_IN_PASSWORD_MIN = 5;
export const ID_MAX_LENGTH = 100;
export const SDK_PLATFORM_ID_LENGTH = 19;
export const LOG_QUERY_INTERVAL_SECONDS = 10;

/** localStorage key of the language setting; its values are the spec's `cn` / `en`. */
export const LANGUAGE_STORAGE_KEY = 'language';
export type LanguageSetting = 'cn' | 'en';

/** Cookie names of spec section 9. */
export const SIDEBAR_COOKIE = 'sidebarStatus';
export const PROJECT_COOKIE = 'projectId';

/** Header the web app sends so server messages come back in the operator's language. */
export const LANGUAGE_HEADER = 'accept-language';

export const MAX_PAGE_SIZE = 200;
