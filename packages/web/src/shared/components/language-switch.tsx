import { Button, Dropdown, type MenuProps } from 'antd';
import { TranslationOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { Language } from '@gm/contract/messages.ts';
import { normalizeLanguage, storeLanguage } from '../language.ts';

/** The language switch of the top bar and the sign-in page; the choice persists (`language`). */
export function LanguageSwitch({ className, showLabel = false }: { className?: string; showLabel?: boolean }) {
  const { t, i18n } = useTranslation('common');
  const current = normalizeLanguage(i18n.language);
  const items: MenuProps['items'] = [
    { key: 'zh-CN', label: t('language.zhCN') },
    { key: 'en', label: t('language.en') },
  ];
  const change = (language: Language) => {
    storeLanguage(language);
    void i18n.changeLanguage(language);
  };
  return (
    <Dropdown
      menu={{ items, selectable: true, selectedKeys: [current], onClick: ({ key }) => change(normalizeLanguage(key)) }}
      placement="bottomRight"
      trigger={['click']}
    >
      <Button type="text" className={className} icon={<TranslationOutlined />} aria-label={t('language.label')}>
        {showLabel ? (current === 'zh-CN' ? t('language.zhCN') : t('language.en')) : null}
      </Button>
    </Dropdown>
  );
}
