import type { ReactNode } from 'react';
import { CheckCircleFilled } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { copyrightText, getGlobalConfig } from '../../shared/app-config.ts';
import { normalizeLanguage } from '../../shared/language.ts';
import { LanguageSegmented } from '../../shared/components/language-segmented.tsx';
import './auth.css';

/**
 * The frame of the sign-in and sign-up pages: brand panel, language choice, the form card. Plain
 * headings rather than antd's Typography keep the sign-in page's download small.
 */
export function AuthLayout({ title, subtitle, children }: { title: string; subtitle: string; children: ReactNode }) {
  const { t, i18n } = useTranslation('auth');
  const config = getGlobalConfig();
  return (
    <div className="gm-auth">
      <aside className="gm-auth-brand">
        <div className="gm-auth-brand-inner">
          <img src="/static/logo.svg" alt="" width={56} height={56} />
          <h1>{config.title}</h1>
          <p>{t('brand.tagline')}</p>
          {(['point1', 'point2', 'point3'] as const).map((key) => (
            <div className="gm-auth-point" key={key}>
              <CheckCircleFilled />
              <span>{t(`brand.${key}`)}</span>
            </div>
          ))}
        </div>
      </aside>
      <main className="gm-auth-main">
        <div className="gm-auth-toolbar">
          <LanguageSegmented />
        </div>
        <div className="gm-auth-center">
          <div className="gm-auth-card">
            <div className="gm-auth-mobile-logo">
              <img src="/static/logo.svg" alt="" width={36} height={36} />
              <span>{config.title}</span>
            </div>
            <div className="gm-auth-card-header">
              <h2 className="gm-auth-title">{title}</h2>
              <div className="gm-auth-secondary">{subtitle}</div>
            </div>
            {children}
          </div>
        </div>
        <footer className="gm-auth-footer">{copyrightText(config, normalizeLanguage(i18n.language)) || config.title}</footer>
      </main>
    </div>
  );
}
