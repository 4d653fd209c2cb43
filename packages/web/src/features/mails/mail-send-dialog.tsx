import { useEffect, useState } from 'react';
import { Alert, Checkbox, Descriptions, Modal, Spin, Table, Typography } from 'antd';
import type { TableColumnsType } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { MailItemTotal, MailSendResult, MailSummary } from '@gm/contract/mails.contract.ts';
import { isApiError } from '../../shared/api-client.ts';
import { showInfo, showSuccess } from '../../shared/feedback.ts';
import { itemName, mailLabel } from '../../shared/catalogue-labels.ts';
import { useMailLanguage } from './mail-parts.tsx';
import { mailPreviewQueryOptions, useSendMail } from './mails.queries.ts';

export type MailToSend = Pick<MailSummary, 'id' | 'title' | 'type' | 'startTime' | 'timeZone' | 'areaIds' | 'allAreas'>;

const number = (n: number) => n.toLocaleString();

/**
 * The spec's prompt before a mail is sent: check the items carefully. It shows each item with
 * the total that leaves the game (number x recipients, counted by the server) and sends only
 * once the operator has ticked that they checked them.
 */
export function MailSendDialog({
  mail,
  onClose,
  onSent,
  declined,
}: {
  mail: MailToSend | null;
  onClose: () => void;
  onSent?: (result: MailSendResult) => void;
  /** What a declined send says (spec section 8: a declined confirmation says so); "Cancelled: not sent." unless told. */
  declined?: string;
}) {
  const { t } = useTranslation(['mails', 'common']);
  const language = useMailLanguage();
  const preview = useQuery({ ...mailPreviewQueryOptions(mail?.id ?? ''), enabled: mail !== null });
  const send = useSendMail();
  const [checked, setChecked] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);

  useEffect(() => {
    setChecked(false);
    setProblem(null);
  }, [mail?.id]);

  const p = preview.data;
  const columns: TableColumnsType<MailItemTotal> = [
    {
      key: 'item',
      title: t('form.item'),
      render: (_, i) => (
        <span>
          {itemName(i.name, language, i.itemId)} <Typography.Text type="secondary">· {mailLabel('itemType', i.itemType, language)} · {i.itemId}</Typography.Text>
        </span>
      ),
    },
    { key: 'number', title: t('sendPrompt.perMail'), align: 'right', width: 110, render: (_, i) => number(i.number) },
    {
      key: 'total',
      title: t('sendPrompt.total'),
      align: 'right',
      width: 170,
      render: (_, i) => (i.total === null ? <Typography.Text type="secondary">{t('sendPrompt.totalUnknown', { number: number(i.number) })}</Typography.Text> : <Typography.Text strong>{number(i.total)}</Typography.Text>),
    },
  ];

  const recipients = () => {
    if (!mail || !p) return '-';
    if (p.recipients !== null) return t('progress.recipients', { count: p.recipients, formatted: number(p.recipients) });
    return t('sendPrompt.recipientsPublic', { areas: mail.allAreas ? t('targets.allAreas') : mail.areaIds.join(', ') });
  };

  const onOk = () => {
    if (!mail) return;
    if (!checked) {
      setProblem(t('sendPrompt.mustConfirm'));
      return;
    }
    setProblem(null);
    send.mutate(mail.id, {
      onSuccess: (result) => {
        showSuccess(result.mail.status === 'scheduled' ? t('done.scheduled') : t('done.sent'));
        onSent?.(result);
        onClose();
      },
      onError: (error) => setProblem(isApiError(error) ? error.message : String(error)),
    });
  };

  return (
    <Modal
      open={mail !== null}
      width={720}
      title={mail ? t('titles.send', { title: mail.title }) : ''}
      okText={t('sendPrompt.send')}
      cancelText={t('common:buttons.cancel')}
      okButtonProps={{ disabled: !p || !checked, danger: true }}
      confirmLoading={send.isPending}
      onOk={onOk}
      onCancel={() => {
        if (send.isPending) return;
        showInfo(declined ?? t('done.notSent'));
        onClose();
      }}
      destroyOnHidden
    >
      <Alert type="warning" showIcon title={t('sendPrompt.check')} style={{ marginBottom: 16 }} />
      {preview.isError ? <Alert type="error" showIcon title={isApiError(preview.error) ? preview.error.message : t('form.loadFailed')} /> : null}
      {!p && !preview.isError ? <Spin style={{ display: 'block', margin: '24px auto' }} /> : null}
      {p && mail ? (
        <>
          <Descriptions size="small" column={1} bordered style={{ marginBottom: 16 }}>
            <Descriptions.Item label={t('sendPrompt.recipients')}>{recipients()}</Descriptions.Item>
            <Descriptions.Item label={t('fields.startTime')}>
              {p.scheduled ? t('sendPrompt.at', { at: mail.startTime, zone: mail.timeZone }) : t('sendPrompt.atNow')}
            </Descriptions.Item>
          </Descriptions>
          {p.items.length > 0 ? (
            <>
              <Typography.Paragraph>{t('sendPrompt.intro')}</Typography.Paragraph>
              <Table<MailItemTotal> size="small" rowKey={(i) => `${i.itemType}:${i.itemId}:${i.sourceType ?? ''}:${i.cardType ?? ''}`} columns={columns} dataSource={p.items} pagination={false} data-testid="send-totals" />
            </>
          ) : (
            <Typography.Paragraph type="secondary">{t('sendPrompt.noItems')}</Typography.Paragraph>
          )}
          <Checkbox checked={checked} onChange={(e) => setChecked(e.target.checked)} style={{ marginTop: 16 }}>
            {t('sendPrompt.confirm')}
          </Checkbox>
        </>
      ) : null}
      {problem ? <Alert type="error" showIcon role="alert" title={problem} style={{ marginTop: 16 }} /> : null}
    </Modal>
  );
}
