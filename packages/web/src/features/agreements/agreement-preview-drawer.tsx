import { Descriptions, Drawer, Empty, Spin, Tabs, Typography } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { formatStamp } from '../../shared/format.ts';
import { agreementName } from './agreement-filters.ts';
import { agreementQueryOptions } from './agreements.queries.ts';

/** Both languages of one version as players will read them. */
export function AgreementPreviewDrawer({ id, onClose }: { id: string | null; onClose: () => void }) {
  const { t } = useTranslation(['agreements', 'common']);
  const query = useQuery({ ...agreementQueryOptions(id ?? ''), enabled: id !== null });
  const a = query.data;

  const text = (title: string, content: string) =>
    content.trim() === '' && title.trim() === '' ? (
      <Empty description={t('preview.empty')} />
    ) : (
      <div>
        <Typography.Title level={4}>{title}</Typography.Title>
        <Typography.Paragraph style={{ whiteSpace: 'pre-wrap' }}>{content}</Typography.Paragraph>
      </div>
    );

  return (
    <Drawer open={id !== null} onClose={onClose} size={720} title={a ? t('preview.title', { name: agreementName(a, t(`kinds.${a.kind}`)) }) : ''} destroyOnHidden>
      <Spin spinning={query.isLoading}>
        {a ? (
          <>
            <Descriptions size="small" column={2} style={{ marginBottom: 16 }}>
              <Descriptions.Item label={t('columns.status')}>{t(`status.${a.status}`)}{a.inEffect ? ` · ${t('inEffect')}` : ''}</Descriptions.Item>
              <Descriptions.Item label={t('columns.effectiveAt')}>{formatStamp(a.effectiveAt)}</Descriptions.Item>
              <Descriptions.Item label={t('columns.published')}>{a.publishedAt ? `${formatStamp(a.publishedAt)} · ${a.publishedBy ?? ''}` : '-'}</Descriptions.Item>
            </Descriptions>
            <Tabs
              items={[
                { key: 'en', label: t('tabs.en'), children: text(a.titleEn, a.contentEn) },
                { key: 'zh', label: t('tabs.zh'), children: text(a.titleZh, a.contentZh) },
              ]}
            />
          </>
        ) : null}
      </Spin>
    </Drawer>
  );
}
