import { useMemo, useState } from 'react';
import { Card, Space, Typography } from 'antd';
import type { TableColumnsType } from 'antd';
import { CopyOutlined, DeleteOutlined, EditOutlined, RollbackOutlined, SendOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { Link, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { MAIL_EDITABLE_STATUSES, MAIL_SENDABLE_STATUSES, MAIL_WITHDRAWABLE_STATUSES, type MailStatus, type MailSummary } from '@gm/contract/mails.contract.ts';
import { P } from '@gm/contract/permissions.ts';
import { lazyDialog } from '../../shared/components/lazy-dialog.tsx';
import { ListTable } from '../../shared/components/list-table.tsx';
import { AddButton } from '../../shared/components/list-toolbar.tsx';
import { PageContainer } from '../../shared/components/page-container.tsx';
import { useCan } from '../../shared/components/permission.tsx';
import { ConfirmRowAction, RowAction, RowActions } from '../../shared/components/row-actions.tsx';
import { Stamp } from '../../shared/components/stamp.tsx';
import { showSuccess } from '../../shared/feedback.ts';
import { useSearchState } from '../../shared/hooks/use-search-state.ts';
import { paths } from '../../shared/paths.ts';
import { MailFilterForm } from './mail-filter-form.tsx';
import { mailHrefs, parseMailFilters } from './mail-filters.ts';
import { MailStatusTag, MailTargets, MailTypeTag } from './mail-parts.tsx';
import { mailsQueryOptions, useCopyMail, useDeleteMail, useWithdrawMail } from './mails.queries.ts';

// The send prompt downloads the first time it opens.
const MailSendDialog = lazyDialog(() => import('./mail-send-dialog.tsx').then((m) => m.MailSendDialog), (p) => p.mail !== null);

const inStatuses = (statuses: readonly MailStatus[], status: MailStatus) => statuses.includes(status);

/** /info/mail/list: every mail, newest first, with its status and the actions its status allows. */
export function MailListPage() {
  const { t } = useTranslation(['mails', 'common']);
  const navigate = useNavigate();
  const search = useSearchState(parseMailFilters);
  const query = useQuery(mailsQueryOptions(search.state));
  const canEdit = useCan(P.MAIL_EDIT);
  const [sending, setSending] = useState<MailSummary | null>(null);
  const copy = useCopyMail();
  const remove = useDeleteMail();
  const withdraw = useWithdrawMail();

  const columns = useMemo<TableColumnsType<MailSummary>>(
    () => [
      {
        key: 'title',
        title: t('fields.title'),
        fixed: 'left',
        width: 220,
        render: (_, m) => (
          <Link to={mailHrefs.detail(m.id)}>
            <Typography.Text strong ellipsis={{ tooltip: m.title }} style={{ maxWidth: 200, color: 'inherit' }}>
              {m.title}
            </Typography.Text>
          </Link>
        ),
      },
      { key: 'status', title: t('fields.status'), width: 120, render: (_, m) => <MailStatusTag mail={m} /> },
      { key: 'type', title: t('fields.type'), width: 100, render: (_, m) => <MailTypeTag type={m.type} /> },
      { key: 'targets', title: t('fields.targets'), width: 180, render: (_, m) => <MailTargets mail={m} /> },
      { key: 'items', title: t('fields.itemCount'), width: 70, align: 'right', dataIndex: 'itemCount' },
      {
        key: 'validity',
        title: t('fields.validity'),
        width: 260,
        render: (_, m) => (
          <Space direction="vertical" size={0}>
            <span style={{ whiteSpace: 'nowrap' }}>{m.startTime}</span>
            <span style={{ whiteSpace: 'nowrap' }}>→ {m.endTime}</span>
            <Typography.Text type="secondary">{m.timeZone}</Typography.Text>
          </Space>
        ),
      },
      { key: 'createdBy', title: t('fields.creator'), width: 110, dataIndex: 'createdBy', ellipsis: true },
      { key: 'createdAt', title: t('fields.createdAt'), width: 170, render: (_, m) => <Stamp value={m.createdAt} /> },
    ],
    [t],
  );

  const rowActions = (m: MailSummary) => (
    <RowActions wrap>
      <RowAction onClick={() => void navigate(mailHrefs.detail(m.id))}>{t('actions.detail')}</RowAction>
      {canEdit && inStatuses(MAIL_EDITABLE_STATUSES, m.status) ? (
        <RowAction icon={<EditOutlined />} onClick={() => void navigate(mailHrefs.edit(m.id))}>
          {t('actions.edit')}
        </RowAction>
      ) : null}
      {canEdit && inStatuses(MAIL_SENDABLE_STATUSES, m.status) ? (
        <RowAction icon={<SendOutlined />} onClick={() => setSending(m)}>
          {t('actions.send')}
        </RowAction>
      ) : null}
      {canEdit ? (
        <RowAction
          icon={<CopyOutlined />}
          loading={copy.isPending && copy.variables === m.id}
          onClick={() => copy.mutate(m.id, { onSuccess: (created) => showSuccess(t('done.copied', { title: created.title })) })}
        >
          {t('actions.copy')}
        </RowAction>
      ) : null}
      {canEdit && inStatuses(MAIL_WITHDRAWABLE_STATUSES, m.status) ? (
        <ConfirmRowAction
          title={t('confirm.withdraw', { title: m.title })}
          description={t('confirm.withdrawContent')}
          onConfirm={async () => {
            const result = await withdraw.mutateAsync(m.id);
            showSuccess(t('done.withdrawn', { count: result.removed }));
          }}
        >
          <RollbackOutlined /> {t('actions.withdraw')}
        </ConfirmRowAction>
      ) : null}
      {canEdit && inStatuses(MAIL_EDITABLE_STATUSES, m.status) ? (
        <ConfirmRowAction
          title={t('confirm.delete', { title: m.title })}
          description={t('confirm.deleteContent')}
          onConfirm={async () => {
            await remove.mutateAsync(m.id);
            showSuccess(t('done.deleted'));
          }}
        >
          <DeleteOutlined /> {t('actions.delete')}
        </ConfirmRowAction>
      ) : null}
    </RowActions>
  );

  return (
    <PageContainer
      title={t('titles.list')}
      description={t('descriptions.list')}
      extra={
        <AddButton permission={P.MAIL_EDIT} onClick={() => void navigate(paths.mailAdd)}>
          {t('actions.add')}
        </AddButton>
      }
    >
      <MailFilterForm filters={search.state} query={query} onSearch={search.update} onReset={() => search.reset()} />
      <Card>
        <ListTable<MailSummary>
          query={query}
          columns={columns}
          paging={search}
          rowActions={rowActions}
          actionsWidth={canEdit ? 290 : 80}
          scroll={{ x: 1400 }}
          locale={{ emptyText: t('table.none') }}
        />
      </Card>
      <MailSendDialog mail={sending} onClose={() => setSending(null)} />
    </PageContainer>
  );
}
