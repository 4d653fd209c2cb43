import 'i18next';
import type { resources } from './i18n-resources.ts';

/** A `t()` key that does not exist in the English resources fails the type-check. */
declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'common';
    resources: (typeof resources)['en'];
  }
}
