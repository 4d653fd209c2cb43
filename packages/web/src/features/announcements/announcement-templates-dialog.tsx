import { Button, Empty, Modal, Table, Typography } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { Announcement, AnnouncementTemplate } from '@gm/contract/announcements.contract.ts';
import { ConfirmPopover } from '../../shared/components/confirm-action.tsx';
import { Stamp } from '../../shared/components/stamp.tsx';
import { showSuccess } from '../../shared/feedback.ts';
import { paths } from '../../shared/paths.ts';
import { SaveTemplateDialog } from './save-template-dialog.tsx';
import { TypeTag } from './announcement-fields.tsx';
import { templatesQueryOptions, useDeleteTemplate, useSaveTemplate } from './announcements.queries.ts';

/** "Create from template": the saved templates; Use opens the edit page filled from one. */
export function AnnouncementTemplatesDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation(['announcements', 'common']);
  const navigate = useNavigate();
  const templates = useQuery({ ...templatesQueryOptions(), enabled: open });
  const remove = useDeleteTemplate();

  return (
    <Modal open={open} width={760} title={t('titles.templates')} onCancel={onClose} footer={<Button onClick={onClose}>{t('common:buttons.close')}</Button>} destroyOnHidden>
      <Typography.Paragraph type="secondary">{t('templates.intro')}</Typography.Paragraph>
      <Table<AnnouncementTemplate>
        rowKey="id"
        size="small"
        loading={templates.isPending}
        dataSource={templates.data ?? []}
        pagination={false}
        scroll={{ y: 420 }}
        locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('templates.empty')} /> }}
        columns={[
          { key: 'name', title: t('fields.templateName'), dataIndex: 'name', ellipsis: true },
          { key: 'type', title: t('fields.type'), width: 90, render: (_, tpl) => <TypeTag type={tpl.body.type} /> },
          { key: 'title', title: t('fields.title'), ellipsis: true, render: (_, tpl) => tpl.body.title },
          { key: 'by', title: t('fields.createdBy'), dataIndex: 'createdBy', width: 100 },
          { key: 'at', title: t('fields.savedAt'), width: 160, render: (_, tpl) => <Stamp value={tpl.createdAt} /> },
          {
            key: 'actions',
            title: t('common:table.actions'),
            width: 130,
            render: (_, tpl) => (
              <>
                <Button type="link" size="small" onClick={() => void navigate(`${paths.announcementAdd}?template=${encodeURIComponent(tpl.id)}`)}>
                  {t('actions.useTemplate')}
                </Button>
                <ConfirmPopover
                  title={t('confirm.deleteTemplate', { name: tpl.name })}
                  onConfirm={async () => {
                    await remove.mutateAsync(tpl.id);
                    showSuccess(t('done.templateDeleted'));
                  }}
                >
                  <Button type="link" size="small" danger>
                    {t('actions.delete')}
                  </Button>
                </ConfirmPopover>
              </>
            ),
          },
        ]}
      />
    </Modal>
  );
}

/** "Save as template" from a row of the list: the announcement as it is, under a name. */
export function SaveRowAsTemplateDialog({ announcement, onClose }: { announcement: Announcement | null; onClose: () => void }) {
  const { t } = useTranslation('announcements');
  const save = useSaveTemplate();
  return (
    <SaveTemplateDialog
      open={announcement !== null}
      saving={save.isPending}
      defaultName={announcement?.title ?? ''}
      onClose={onClose}
      onSave={(name) => {
        if (!announcement) return;
        save.mutate(
          { name, fromId: announcement.id },
          {
            onSuccess: () => {
              showSuccess(t('done.templateSaved'));
              onClose();
            },
          },
        );
      }}
    />
  );
}
