import { Segmented } from 'antd';
import { useTranslation } from 'react-i18next';
import type { Language } from '@gm/contract/messages.ts';
import { normalizeLanguage, storeLanguage } from '../language.ts';

/**
 * The sign-in and sign-up pages' language choice: both languages in view, one click. The top
 * bar keeps the dropdown (`language-switch.tsx`); a dropdown and its menu would double what the
 * sign-in page downloads (docs/performance.md, "First visit"). The choice persists (`language`).
 */
export function LanguageSegmented() {
  const { t, i18n } = useTranslation('common');
  const current = normalizeLanguage(i18n.language);
  const change = (language: Language) => {
    storeLanguage(language);
    void i18n.changeLanguage(language);
  };
  return (
    <Segmented<Language>
      aria-label={t('language.label')}
      value={current}
      onChange={change}
      options={[
        { value: 'en', label: t('language.en') },
        { value: 'zh-CN', label: t('language.zhCN') },
      ]}
    />
  );
}
