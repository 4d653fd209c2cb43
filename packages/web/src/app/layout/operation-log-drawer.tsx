import { Button, Drawer, Empty, Flex, Spin, Tag, Timeline, Typography } from 'antd';
import { ReloadOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { OPERATION_LOG_PAGE_SIZE } from '@gm/contract/constants.ts';
import { formatStamp } from '../../shared/format.ts';
import { operationLogQueryOptions } from './layout.queries.ts';

const OUTCOME_DOT = { ok: 'green', failed: 'red', denied: 'gray' } as const;

/** The right-hand drawer "GM tool operation log": the latest 30 entries with a refresh button. */
export function OperationLogDrawer({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation('common');
  const log = useQuery({ ...operationLogQueryOptions(), enabled: open });
  const entries = log.data ?? [];

  return (
    <Drawer
      open={open}
      onClose={onClose}
      title={t('layout.logDrawer.title')}
      placement="right"
      size={440}
      extra={
        <Button icon={<ReloadOutlined />} onClick={() => void log.refetch()} loading={log.isFetching}>
          {t('buttons.refresh')}
        </Button>
      }
    >
      <Typography.Paragraph type="secondary" style={{ marginTop: -8 }}>
        {t('layout.logDrawer.latest', { count: OPERATION_LOG_PAGE_SIZE })}
      </Typography.Paragraph>
      {log.isPending ? (
        <Flex justify="center" style={{ padding: 48 }}>
          <Spin />
        </Flex>
      ) : entries.length === 0 ? (
        <Empty description={t('layout.logDrawer.empty')} />
      ) : (
        <Timeline
          className="gm-log-timeline"
          items={entries.map((entry) => ({
            key: entry.id,
            color: OUTCOME_DOT[entry.outcome],
            content: (
              <div className="gm-log-entry" data-testid="operation-log-entry">
                <Flex justify="space-between" gap={8} wrap>
                  <Typography.Text strong>{entry.accountName}</Typography.Text>
                  <Typography.Text type="secondary" className="gm-log-stamp">
                    {formatStamp(entry.stamp)}
                  </Typography.Text>
                </Flex>
                <div className="gm-log-text">
                  {entry.log}
                  {entry.outcome !== 'ok' ? (
                    <Tag color={entry.outcome === 'failed' ? 'error' : 'warning'} style={{ marginInlineStart: 8 }}>
                      {t(`outcome.${entry.outcome}`)}
                    </Tag>
                  ) : null}
                </div>
              </div>
            ),
          }))}
        />
      )}
    </Drawer>
  );
}
