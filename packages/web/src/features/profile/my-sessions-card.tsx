import { Button, Card, Table, Tag, Tooltip, Typography } from 'antd';
import type { TableColumnsType } from 'antd';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { SessionInfo } from '@gm/contract/auth.contract.ts';
import { describeAgent, formatStamp, fromNow } from '../../shared/format.ts';
import { clearToken } from '../../shared/session.ts';
import { showSuccess } from '../../shared/feedback.ts';
import { ConfirmPopover } from '../../shared/components/confirm-action.tsx';
import { mySessionsQueryOptions, useEndMySession } from './profile.queries.ts';

export function MySessionsCard() {
  const { t } = useTranslation('profile');
  const queryClient = useQueryClient();
  const sessions = useQuery(mySessionsQueryOptions());
  const end = useEndMySession();

  const endSession = async (session: SessionInfo) => {
    await end.mutateAsync(session.id);
    showSuccess(t('sessions.ended'));
    if (session.current) {
      queryClient.clear();
      clearToken();
    }
  };

  const columns: TableColumnsType<SessionInfo> = [
    {
      key: 'agent',
      title: t('sessions.agent'),
      render: (_, row) => (
        <Tooltip title={row.userAgent}>
          <span>
            {describeAgent(row.userAgent)} {row.current ? <Tag color="blue">{t('sessions.current')}</Tag> : null}
          </span>
        </Tooltip>
      ),
    },
    { key: 'ip', title: t('sessions.ip'), dataIndex: 'ip' },
    { key: 'started', title: t('sessions.started'), render: (_, row) => formatStamp(row.createdAt) },
    {
      key: 'lastSeen',
      title: t('sessions.lastSeen'),
      render: (_, row) => (
        <Tooltip title={formatStamp(row.lastSeenAt)}>
          <span>{fromNow(row.lastSeenAt)}</span>
        </Tooltip>
      ),
    },
    { key: 'expires', title: t('sessions.expires'), render: (_, row) => formatStamp(row.expiresAt) },
    {
      key: 'actions',
      title: '',
      align: 'right',
      render: (_, row) => (
        <ConfirmPopover title={row.current ? t('sessions.endCurrentConfirm') : t('sessions.endConfirm')} onConfirm={() => endSession(row)}>
          <Button size="small" danger>
            {t('sessions.end')}
          </Button>
        </ConfirmPopover>
      ),
    },
  ];

  return (
    <Card title={t('sessions.title')}>
      <Typography.Paragraph type="secondary">{t('sessions.description')}</Typography.Paragraph>
      <Table<SessionInfo>
        rowKey="id"
        size="small"
        loading={sessions.isPending}
        dataSource={sessions.data ?? []}
        columns={columns}
        pagination={false}
        scroll={{ x: 'max-content' }}
      />
    </Card>
  );
}
