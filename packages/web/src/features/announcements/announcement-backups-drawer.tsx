import { useState } from 'react';
import { Alert, Button, Drawer, Empty, Input, Modal, Space, Table, Tag, Typography } from 'antd';
import { CloudUploadOutlined, DiffOutlined, RollbackOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { AnnouncementBackup, AnnouncementBackupDetail, AnnouncementDiffKind } from '@gm/contract/announcements.contract.ts';
import { P } from '@gm/contract/permissions.ts';
import { ConfirmPopover } from '../../shared/components/confirm-action.tsx';
import { Allowed } from '../../shared/components/permission.tsx';
import { Stamp } from '../../shared/components/stamp.tsx';
import { showSuccess } from '../../shared/feedback.ts';
import { formatStamp } from '../../shared/format.ts';
import { TypeTag } from './announcement-fields.tsx';
import { backupQueryOptions, backupsQueryOptions, useRestoreBackup, useTakeBackup } from './announcements.queries.ts';

const DIFF_COLORS: Record<AnnouncementDiffKind, string> = { same: 'default', changed: 'gold', added: 'green', removed: 'red' };

/** Backups of the whole board: take one (with a note), list them, compare one with the board, restore it. */
export function AnnouncementBackupsDrawer({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation(['announcements', 'common']);
  const backups = useQuery({ ...backupsQueryOptions(), enabled: open });
  const take = useTakeBackup();
  const restore = useRestoreBackup();
  const [note, setNote] = useState('');
  const [comparing, setComparing] = useState<AnnouncementBackup | null>(null);

  return (
    <Drawer open={open} onClose={onClose} title={t('titles.backups')} size={720} destroyOnHidden>
      <Typography.Paragraph type="secondary">{t('backups.intro')}</Typography.Paragraph>
      <Allowed code={P.ANNOUNCEMENT_EDIT}>
        <Space.Compact className="gm-full-width gm-backup-take">
          <Input value={note} maxLength={255} onChange={(e) => setNote(e.target.value)} placeholder={t('placeholders.note')} aria-label={t('fields.note')} />
          <Button
            type="primary"
            icon={<CloudUploadOutlined />}
            loading={take.isPending}
            onClick={() =>
              take.mutate(
                { note: note.trim() },
                {
                  onSuccess: (b) => {
                    setNote('');
                    showSuccess(t('done.backupTaken', { count: b.count }));
                  },
                },
              )
            }
          >
            {t('actions.takeBackup')}
          </Button>
        </Space.Compact>
      </Allowed>
      <Table<AnnouncementBackup>
        rowKey="id"
        size="small"
        loading={backups.isPending}
        dataSource={backups.data ?? []}
        pagination={{ pageSize: 20, hideOnSinglePage: true }}
        locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('backups.empty')} /> }}
        columns={[
          { key: 'at', title: t('fields.createdAt'), width: 170, render: (_, b) => <Stamp value={b.createdAt} /> },
          { key: 'by', title: t('fields.createdBy'), dataIndex: 'createdBy', width: 100 },
          { key: 'count', title: t('fields.count'), dataIndex: 'count', width: 90, align: 'right' },
          { key: 'note', title: t('fields.note'), dataIndex: 'note', ellipsis: true },
          {
            key: 'actions',
            title: t('common:table.actions'),
            width: 170,
            render: (_, b) => (
              <Space size={0}>
                <Button type="link" size="small" icon={<DiffOutlined />} onClick={() => setComparing(b)}>
                  {t('actions.compare')}
                </Button>
                <Allowed code={P.ANNOUNCEMENT_EDIT}>
                  <ConfirmPopover
                    title={t('confirm.restore', { at: formatStamp(b.createdAt) })}
                    description={<div className="gm-confirm-text">{t('confirm.restoreWarning')}</div>}
                    onConfirm={async () => {
                      const result = await restore.mutateAsync(b.id);
                      showSuccess(t('done.restored', { restored: result.restored, removed: result.removed }));
                    }}
                  >
                    <Button type="link" size="small" danger icon={<RollbackOutlined />}>
                      {t('actions.restore')}
                    </Button>
                  </ConfirmPopover>
                </Allowed>
              </Space>
            ),
          },
        ]}
      />
      <CompareDialog backup={comparing} onClose={() => setComparing(null)} />
    </Drawer>
  );
}

type DiffRow = AnnouncementBackupDetail['diff'][number];

/** A backup beside the board: each announcement that differs, and how. */
function CompareDialog({ backup, onClose }: { backup: AnnouncementBackup | null; onClose: () => void }) {
  const { t } = useTranslation(['announcements', 'common']);
  const detail = useQuery({ ...backupQueryOptions(backup?.id ?? ''), enabled: backup !== null });
  const rows = detail.data?.diff ?? [];
  const typeOf = (id: string) => (detail.data?.current.find((a) => a.id === id) ?? detail.data?.snapshot.find((a) => a.id === id))?.type;
  const differs = rows.filter((r) => r.kind !== 'same');
  return (
    <Modal
      open={backup !== null}
      width={820}
      title={t('titles.compare', { at: formatStamp(backup?.createdAt) })}
      onCancel={onClose}
      footer={<Button onClick={onClose}>{t('common:buttons.close')}</Button>}
      destroyOnHidden
    >
      {detail.data && differs.length === 0 ? <Alert type="success" showIcon title={t('backups.noDiff')} className="gm-board-hint" /> : null}
      <Table<DiffRow>
        rowKey="id"
        size="small"
        loading={detail.isPending}
        dataSource={[...differs, ...rows.filter((r) => r.kind === 'same')]}
        pagination={false}
        scroll={{ y: 460 }}
        rowClassName={(r) => (r.kind === 'same' ? '' : `gm-diff-${r.kind}`)}
        columns={[
          {
            key: 'type',
            title: t('fields.type'),
            width: 90,
            render: (_, r) => {
              const type = typeOf(r.id);
              return type ? <TypeTag type={type} /> : null;
            },
          },
          { key: 'title', title: t('fields.title'), dataIndex: 'title', ellipsis: true },
          { key: 'kind', title: t('fields.diff'), width: 120, render: (_, r) => <Tag color={DIFF_COLORS[r.kind]}>{t(`backups.${r.kind}`)}</Tag> },
          { key: 'fields', title: '', render: (_, r) => (r.kind === 'changed' ? t('backups.changedFields', { fields: r.fields.join(', ') }) : null) },
        ]}
      />
    </Modal>
  );
}
