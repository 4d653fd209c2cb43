import { Drawer, Empty, Spin, Tag, Timeline, Typography } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { AuditEntry } from '@gm/contract/audit.contract.ts';
import { SETTING_TYPES, type ServerSetting } from '@gm/contract/server-settings.contract.ts';
import { readEnum } from '../../shared/hooks/use-search-state.ts';
import { formatStamp } from '../../shared/format.ts';
import { settingHistoryQueryOptions } from './server-settings.queries.ts';

interface Snapshot {
  type?: string;
  value?: unknown;
  description?: string;
}

/** `before` / `after` of one entry; a batch delete holds a list of settings. */
function snapshotOf(value: unknown, key: string): Snapshot | null {
  if (Array.isArray(value)) return (value as (Snapshot & { key?: string })[]).find((s) => s.key === key) ?? null;
  return value && typeof value === 'object' ? value : null;
}

function show(snapshot: Snapshot | null): string {
  if (!snapshot) return '-';
  return typeof snapshot.value === 'string' ? snapshot.value : JSON.stringify(snapshot.value);
}

/** Every audited change of one setting, newest first, with the value before and after. */
export function SettingHistoryDrawer({ setting, onClose }: { setting: ServerSetting | null; onClose: () => void }) {
  const { t } = useTranslation('serverSettings');
  const history = useQuery({ ...settingHistoryQueryOptions(setting?.id ?? ''), enabled: setting !== null });
  // The type as the table names it; a type this build does not know reads as stored.
  const typeLabel = (type: string) => {
    const known = readEnum(type, SETTING_TYPES);
    return known ? t(`types.${known}`) : type;
  };

  const item = (entry: AuditEntry) => {
    const before = snapshotOf(entry.before, setting?.key ?? '');
    const after = snapshotOf(entry.after, setting?.key ?? '');
    return {
      key: entry.id,
      color: entry.action.endsWith('delete') ? 'red' : entry.action.endsWith('create') ? 'green' : 'blue',
      content: (
        <div>
          <Typography.Text strong>{formatStamp(entry.stamp)}</Typography.Text> · <Typography.Text>{entry.accountName}</Typography.Text>
          <div style={{ marginTop: 4 }}>
            {entry.action.endsWith('create') ? <Tag color="green">{t('history.created')}</Tag> : null}
            {entry.action.endsWith('delete') ? <Tag color="red">{t('history.deleted')}</Tag> : null}
            {before ? (
              <div>
                <Typography.Text type="secondary">{t('history.before')}: </Typography.Text>
                <Typography.Text code>{show(before)}</Typography.Text>
                {before.type ? <Tag style={{ marginLeft: 6 }}>{typeLabel(before.type)}</Tag> : null}
              </div>
            ) : null}
            {after ? (
              <div>
                <Typography.Text type="secondary">{t('history.after')}: </Typography.Text>
                <Typography.Text code>{show(after)}</Typography.Text>
                {after.type ? <Tag style={{ marginLeft: 6 }}>{typeLabel(after.type)}</Tag> : null}
              </div>
            ) : null}
          </div>
        </div>
      ),
    };
  };

  return (
    <Drawer open={setting !== null} onClose={onClose} title={setting ? t('history.title', { key: setting.key }) : ''} size={520} destroyOnHidden>
      <Spin spinning={history.isFetching}>
        {history.data && history.data.results.length > 0 ? (
          <Timeline items={history.data.results.map(item)} />
        ) : history.isFetching ? null : (
          <Empty description={t('history.empty')} />
        )}
      </Spin>
    </Drawer>
  );
}
