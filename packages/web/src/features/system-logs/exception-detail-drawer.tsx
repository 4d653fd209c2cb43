import type { ReactNode } from 'react';
import { Descriptions, Drawer, Skeleton, Typography } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { ExceptionDetail } from '@gm/contract/system-logs.contract.ts';
import { LoadFailure } from '../../shared/components/load-failure.tsx';
import { Stamp } from '../../shared/components/stamp.tsx';
import { errorCodeMessage } from '../../shared/translate.ts';
import { SourceTag } from './system-log-tags.tsx';
import { exceptionDetailQueryOptions } from './system-logs.queries.ts';

/** One exception with its stack trace (the list leaves the stack out: it can be 8 KB a row). */
export function ExceptionDetailDrawer({ id, onClose }: { id: string | null; onClose: () => void }) {
  const { t } = useTranslation('systemLogs');
  const detail = useQuery({ ...exceptionDetailQueryOptions(id ?? ''), enabled: id !== null });
  let body: ReactNode;
  if (detail.data) body = <DetailBody data={detail.data} />;
  else if (detail.isError) body = <LoadFailure title={t('detail.loadFailed')} query={detail} />;
  else body = <Skeleton active paragraph={{ rows: 8 }} />;
  return (
    <Drawer open={id !== null} title={t('detail.exceptionTitle')} onClose={onClose} size={760} destroyOnHidden>
      {body}
    </Drawer>
  );
}

function DetailBody({ data }: { data: ExceptionDetail }) {
  const { t } = useTranslation('systemLogs');
  return (
    <>
      <Descriptions bordered size="small" column={1} styles={{ label: { width: 140 } }}>
        <Descriptions.Item label={t('columns.at')}>
          <Stamp value={data.at} />
        </Descriptions.Item>
        {data.occurrences > 1 ? (
          <>
            <Descriptions.Item label={t('detail.lastAt')}>
              <Stamp value={data.lastAt} />
            </Descriptions.Item>
            <Descriptions.Item label={t('detail.occurrences')}>{data.occurrences}</Descriptions.Item>
          </>
        ) : null}
        <Descriptions.Item label={t('columns.source')}>
          <SourceTag source={data.source} />
        </Descriptions.Item>
        <Descriptions.Item label={t('columns.what')}>
          <Typography.Text code>{data.what}</Typography.Text>
        </Descriptions.Item>
        <Descriptions.Item label={t('columns.message')}>
          <Typography.Text type="danger">{data.message}</Typography.Text>
        </Descriptions.Item>
        <Descriptions.Item label={t('columns.errorCode')}>{data.errorCode === null ? '-' : `${data.errorCode} · ${errorCodeMessage(data.errorCode, {}, '')}`}</Descriptions.Item>
        <Descriptions.Item label={t('columns.operator')}>{data.operator ?? t('noOperator')}</Descriptions.Item>
        <Descriptions.Item label={t('detail.requestId')}>{data.requestId ? <Typography.Text copyable>{data.requestId}</Typography.Text> : '-'}</Descriptions.Item>
        <Descriptions.Item label={t('detail.instance')}>{data.instance}</Descriptions.Item>
      </Descriptions>
      <div className="gm-detail-label" style={{ marginTop: 16 }}>
        {t('detail.stack')}
      </div>
      {data.stack ? (
        <pre className="gm-json" data-testid="exception-stack" style={{ maxHeight: 480 }}>
          {data.stack}
        </pre>
      ) : (
        <Typography.Text type="secondary">{t('detail.noStack')}</Typography.Text>
      )}
    </>
  );
}
