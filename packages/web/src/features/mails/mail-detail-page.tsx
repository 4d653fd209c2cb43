import { useState } from 'react';
import { Alert, Button, Card, Descriptions, Flex, Progress, Segmented, Space, Spin, Statistic, Table, Tag, Typography } from 'antd';
import type { TableColumnsType } from 'antd';
import { ArrowLeftOutlined, CopyOutlined, EditOutlined, LeftOutlined, RightOutlined, RollbackOutlined, SendOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { useNavigate, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { MAIL_EDITABLE_STATUSES, MAIL_SENDABLE_STATUSES, MAIL_WITHDRAWABLE_STATUSES, type MailDetail, type MailItemView, type MailRecipient } from '@gm/contract/mails.contract.ts';
import { P } from '@gm/contract/permissions.ts';
import { isApiError } from '../../shared/api-client.ts';
import { confirmAction } from '../../shared/components/confirm-action.tsx';
import { PageContainer } from '../../shared/components/page-container.tsx';
import { Allowed } from '../../shared/components/permission.tsx';
import { Stamp } from '../../shared/components/stamp.tsx';
import { showSuccess } from '../../shared/feedback.ts';
import { paths } from '../../shared/paths.ts';
import { mailHrefs, parseMailId } from './mail-filters.ts';
import { itemName, mailLabel } from '../../shared/catalogue-labels.ts';
import { MailStatusTag, MailTargets, MailTime, MailTypeTag, useMailLanguage } from './mail-parts.tsx';
import { MailSendDialog, type MailToSend } from './mail-send-dialog.tsx';
import { mailDetailQueryOptions, mailRecipientsQueryOptions, useCopyMail, useWithdrawMail } from './mails.queries.ts';

const RECIPIENTS_PAGE = 20;

/** /info/mail/detail?id=…: the mail's fields and items, its status and progress, and who collected it. */
export function MailDetailPage() {
  const { t } = useTranslation(['mails', 'common']);
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const id = parseMailId(params);
  const detail = useQuery({ ...mailDetailQueryOptions(id ?? ''), enabled: id !== null });
  const [sending, setSending] = useState<MailToSend | null>(null);
  const mail = detail.data?.mail;
  const copy = useCopyMail();
  const withdraw = useWithdrawMail();

  const back = (
    <Button icon={<ArrowLeftOutlined />} onClick={() => void navigate(paths.mailList)}>
      {t('common:buttons.back')}
    </Button>
  );
  if (!mail) {
    return (
      <PageContainer title={t('titles.detail', { id: id ?? '' })} extra={back}>
        <Card>
          {id === null ? (
            // Opened without a mail (a bare link or bookmark): say where mails are chosen, not that one failed.
            <Alert
              type="info"
              showIcon
              title={t('form.noMailChosen')}
              action={<Button size="small" onClick={() => void navigate(paths.mailList)}>{t('form.toMailList')}</Button>}
            />
          ) : detail.isError ? (
            <Alert type="error" showIcon title={isApiError(detail.error) ? detail.error.message : t('form.loadFailed')} />
          ) : (
            <Spin style={{ display: 'block', margin: '48px auto' }} />
          )}
        </Card>
      </PageContainer>
    );
  }

  return (
    <PageContainer
      title={mail.title}
      description={t('descriptions.detail')}
      extra={
        <>
          {back}
          <Allowed code={P.MAIL_EDIT}>
            {(MAIL_EDITABLE_STATUSES as readonly string[]).includes(mail.status) ? (
              <Button icon={<EditOutlined />} onClick={() => void navigate(mailHrefs.edit(mail.id))}>
                {t('actions.edit')}
              </Button>
            ) : null}
            <Button
              icon={<CopyOutlined />}
              loading={copy.isPending}
              onClick={() =>
                copy.mutate(mail.id, {
                  onSuccess: (created) => {
                    showSuccess(t('done.copied'));
                    void navigate(mailHrefs.edit(created.id));
                  },
                })
              }
            >
              {t('actions.copy')}
            </Button>
            {(MAIL_WITHDRAWABLE_STATUSES as readonly string[]).includes(mail.status) ? (
              <Button
                danger
                icon={<RollbackOutlined />}
                onClick={() =>
                  confirmAction({
                    title: t('confirm.withdraw', { title: mail.title }),
                    content: t('confirm.withdrawContent'),
                    danger: true,
                    onOk: async () => {
                      const result = await withdraw.mutateAsync(mail.id);
                      showSuccess(t('done.withdrawn', { count: result.removed }));
                    },
                  })
                }
              >
                {t('actions.withdraw')}
              </Button>
            ) : null}
            {(MAIL_SENDABLE_STATUSES as readonly string[]).includes(mail.status) ? (
              <Button type="primary" icon={<SendOutlined />} onClick={() => setSending(mail)}>
                {t('actions.send')}
              </Button>
            ) : null}
          </Allowed>
        </>
      }
    >
      <MailFields mail={mail} />
      <MailItems items={mail.items} />
      {mail.status !== 'draft' ? <MailRecipients mail={mail} firstError={detail.data?.recipientsError ?? null} /> : null}
      <MailSendDialog mail={sending} onClose={() => setSending(null)} />
    </PageContainer>
  );
}

function MailFields({ mail }: { mail: MailDetail }) {
  const { t } = useTranslation(['mails', 'common']);
  const { batches, batchesDone, delivered, unknown } = mail.progress;
  return (
    <Card title={t('form.basics')}>
      <Descriptions bordered size="small" column={{ xs: 1, md: 2 }}>
        <Descriptions.Item label={t('fields.id')}>
          <Typography.Text copyable>{mail.id}</Typography.Text>
        </Descriptions.Item>
        <Descriptions.Item label={t('fields.status')}>
          <MailStatusTag mail={mail} />
        </Descriptions.Item>
        <Descriptions.Item label={t('fields.type')}>
          <MailTypeTag type={mail.type} />
        </Descriptions.Item>
        <Descriptions.Item label={t('fields.sender')}>{mail.sender}</Descriptions.Item>
        <Descriptions.Item label={t('fields.title')} span={2}>
          {mail.title}
        </Descriptions.Item>
        <Descriptions.Item label={t('fields.content')} span={2}>
          <Typography.Paragraph style={{ whiteSpace: 'pre-wrap', margin: 0 }}>{mail.content}</Typography.Paragraph>
        </Descriptions.Item>
        <Descriptions.Item label={t('fields.targets')} span={2}>
          <Space direction="vertical" size={4} style={{ width: '100%' }}>
            <MailTargets mail={mail} />
            {mail.type === 'private' ? <IdList ids={mail.roleIds} /> : null}
            {mail.type === 'public' && mail.excludeRoleIds.length > 0 ? (
              <span>
                {t('fields.excludeRoleIds')}: <IdList ids={mail.excludeRoleIds} />
              </span>
            ) : null}
          </Space>
        </Descriptions.Item>
        <Descriptions.Item label={t('fields.startTime')}>
          <MailTime wall={mail.startTime} zone={mail.timeZone} />
        </Descriptions.Item>
        <Descriptions.Item label={t('fields.endTime')}>
          <MailTime wall={mail.endTime} zone={mail.timeZone} />
        </Descriptions.Item>
        <Descriptions.Item label={t('fields.creator')}>{mail.createdBy}</Descriptions.Item>
        <Descriptions.Item label={t('fields.createdAt')}>
          <Stamp value={mail.createdAt} />
        </Descriptions.Item>
        <Descriptions.Item label={t('fields.sentAt')}>
          <Stamp value={mail.sentAt ?? mail.scheduledAt} />
        </Descriptions.Item>
        <Descriptions.Item label={t('fields.withdrawnAt')}>
          <Stamp value={mail.withdrawnAt} />
        </Descriptions.Item>
        {mail.status !== 'draft' ? (
          <Descriptions.Item label={t('fields.progress')} span={2}>
            <Flex align="center" gap={16} wrap>
              <Progress percent={batches > 0 ? Math.floor((batchesDone / batches) * 100) : 0} style={{ width: 240, margin: 0 }} />
              <span>{t('progress.batches', { done: batchesDone, total: batches })}</span>
              <span>{t('progress.recipients', { count: delivered })}</span>
              {unknown > 0 ? <Tag color="orange">{t('progress.unknown', { count: unknown })}</Tag> : null}
            </Flex>
          </Descriptions.Item>
        ) : null}
        {mail.failure ? (
          <Descriptions.Item label={t('fields.failure')} span={2}>
            <Typography.Text type="danger">{mail.failure}</Typography.Text>
          </Descriptions.Item>
        ) : null}
      </Descriptions>
    </Card>
  );
}

/** A long list of ids, the first few shown, all of them copyable. */
function IdList({ ids }: { ids: readonly string[] }) {
  const { t } = useTranslation('mails');
  const shown = ids.slice(0, 20).join(', ') + (ids.length > 20 ? ` … ${t('form.idsCount', { count: ids.length })}` : '');
  return (
    <Typography.Text type="secondary" copyable={{ text: ids.join('\n') }}>
      {shown}
    </Typography.Text>
  );
}

function MailItems({ items }: { items: MailItemView[] }) {
  const { t } = useTranslation(['mails', 'common']);
  const language = useMailLanguage();
  const columns: TableColumnsType<MailItemView> = [
    { key: 'name', title: t('form.item'), render: (_, i) => itemName(i.name, language, i.itemId) },
    { key: 'type', title: t('form.itemType'), width: 140, render: (_, i) => mailLabel('itemType', i.itemType, language) },
    { key: 'id', title: 'ID', width: 160, dataIndex: 'itemId' },
    { key: 'number', title: t('form.number'), width: 120, align: 'right', render: (_, i) => i.number.toLocaleString() },
    { key: 'source', title: t('form.sourceType'), width: 160, render: (_, i) => (i.sourceType ? mailLabel('sourceType', i.sourceType, language) : '-') },
    { key: 'card', title: t('form.cardType'), width: 140, render: (_, i) => (i.cardType ? mailLabel('cardType', i.cardType, language) : '-') },
  ];
  return (
    <Card title={t('fields.items')}>
      <Table<MailItemView>
        size="small"
        rowKey={(i) => `${i.itemType}:${i.itemId}:${i.sourceType ?? ''}:${i.cardType ?? ''}`}
        columns={columns}
        dataSource={items}
        pagination={false}
        locale={{ emptyText: t('form.noItems') }}
      />
    </Card>
  );
}

type CollectedFilter = 'all' | 'yes' | 'no';

/** Who has the mail and who collected it, read from the game, a page at a time (keyset on role id). */
function MailRecipients({ mail, firstError }: { mail: MailDetail; firstError: string | null }) {
  const { t } = useTranslation(['mails', 'common']);
  const [collected, setCollected] = useState<CollectedFilter>('all');
  // The `after` of each page shown so far: Previous goes back one.
  const [cursors, setCursors] = useState<(string | undefined)[]>([undefined]);
  const after = cursors[cursors.length - 1];
  const recipients = useQuery(mailRecipientsQueryOptions(mail.id, { size: RECIPIENTS_PAGE, ...(after ? { after } : {}), ...(collected !== 'all' ? { collected } : {}) }));
  const page = recipients.data;

  const columns: TableColumnsType<MailRecipient> = [
    { key: 'roleId', title: t('detail.roleId'), dataIndex: 'roleId', width: 140 },
    { key: 'roleName', title: t('detail.roleName'), width: 180, render: (_, r) => r.roleName ?? '-' },
    { key: 'area', title: t('detail.area'), width: 100, render: (_, r) => r.areaId ?? '-' },
    { key: 'deliveredAt', title: t('detail.deliveredAt'), width: 180, render: (_, r) => <Stamp value={r.deliveredAt} /> },
    { key: 'collected', title: t('detail.collected'), width: 120, render: (_, r) => (r.collected ? <Tag color="green">{t('detail.yes')}</Tag> : <Tag>{t('detail.no')}</Tag>) },
    { key: 'collectedAt', title: t('detail.collectedAt'), width: 180, render: (_, r) => <Stamp value={r.collectedAt} /> },
  ];
  const problem = recipients.isError ? (isApiError(recipients.error) ? recipients.error.message : t('form.loadFailed')) : cursors.length === 1 && !page ? firstError : null;

  return (
    <Card
      title={t('detail.recipients')}
      extra={
        <Segmented<CollectedFilter>
          value={collected}
          onChange={(value) => {
            setCollected(value);
            setCursors([undefined]);
          }}
          options={[
            { value: 'all', label: t('common:words.all') },
            { value: 'yes', label: t('detail.yes') },
            { value: 'no', label: t('detail.no') },
          ]}
        />
      }
    >
      {page ? (
        <Flex gap={32} style={{ marginBottom: 16 }}>
          <Statistic title={t('detail.total')} value={page.total} />
          <Statistic title={t('detail.yes')} value={page.collected} />
          <Statistic title={t('detail.no')} value={Math.max(0, page.total - page.collected)} />
        </Flex>
      ) : null}
      {problem ? <Alert type="error" showIcon title={problem} style={{ marginBottom: 16 }} /> : null}
      <Table<MailRecipient>
        size="small"
        rowKey="roleId"
        columns={columns}
        dataSource={page?.results ?? []}
        loading={recipients.isFetching}
        pagination={false}
        locale={{ emptyText: t('detail.none') }}
        scroll={{ x: 900 }}
      />
      <Flex justify="flex-end" gap={8} style={{ marginTop: 12 }}>
        <Button icon={<LeftOutlined />} disabled={cursors.length <= 1} onClick={() => setCursors((c) => c.slice(0, -1))}>
          {t('detail.previous')}
        </Button>
        <Button disabled={!page?.next} onClick={() => page?.next && setCursors((c) => [...c, page.next ?? undefined])}>
          {t('detail.next')} <RightOutlined />
        </Button>
      </Flex>
    </Card>
  );
}
