import { useEffect } from 'react';
import { DatePicker, Form, Modal, Typography } from 'antd';
import type { Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import { announcementResetBody, type Announcement } from '@gm/contract/announcements.contract.ts';
import { showFormError } from '../../shared/form-errors.ts';
import { showSuccess } from '../../shared/feedback.ts';
import { translateIssue } from '../../shared/form-rules.ts';
import { formatStamp, fromPickerValue, nowInZone, toPickerValue } from '../../shared/format.ts';
import { translateKey } from '../../shared/translate.ts';
import { useResetAnnouncement } from './announcements.queries.ts';
import { keepTypedStart } from '../../shared/keep-typed-start.ts';

/**
 * Reset of an expired scrolling announcement ("Scrolling announcement has expired. Please reset
 * it!"): new start and end; the server sends it to the game again.
 */
export function AnnouncementResetDialog({ announcement, onClose }: { announcement: Announcement | null; onClose: () => void }) {
  const { t } = useTranslation(['announcements', 'common']);
  const [form] = Form.useForm<{ range: [Dayjs, Dayjs] | null }>();
  const reset = useResetAnnouncement();

  useEffect(() => {
    if (!announcement) return;
    const start = nowInZone().valueOf();
    const length = announcement.startTime !== null && announcement.endTime !== null ? announcement.endTime - announcement.startTime : 86_400_000;
    form.setFieldsValue({ range: [toPickerValue(start), toPickerValue(start + Math.max(length, 3_600_000))] });
  }, [announcement, form]);

  const submit = ({ range }: { range: [Dayjs, Dayjs] | null }) => {
    if (!announcement || !range) return;
    const body = { startTime: fromPickerValue(range[0]), endTime: fromPickerValue(range[1]) };
    const parsed = announcementResetBody.safeParse(body);
    if (!parsed.success) {
      form.setFields([{ name: 'range', errors: [translateIssue(parsed.error.issues[0] as never)] }]);
      return;
    }
    reset.mutate(
      { id: announcement.id, body },
      {
        onSuccess: () => {
          showSuccess(t('done.reset'));
          onClose();
        },
        onError: (error) => showFormError(form, error, ['range']),
      },
    );
  };

  return (
    <Modal
      open={announcement !== null}
      title={t('titles.reset')}
      okText={t('actions.reset')}
      cancelText={t('common:buttons.cancel')}
      onOk={() => form.submit()}
      onCancel={onClose}
      confirmLoading={reset.isPending}
      destroyOnHidden
    >
      <Typography.Paragraph type="warning">{t('list.expiredScrolling')}</Typography.Paragraph>
      <Typography.Paragraph>{t('reset.intro', { end: formatStamp(announcement?.endTime) })}</Typography.Paragraph>
      <Form form={form} layout="vertical" onFinish={submit}>
        <Form.Item name="range" label={t('fields.effectiveRange')} rules={[{ required: true, message: translateKey('validation:announcementEffectiveRequired') }]}>
          <DatePicker.RangePicker showTime className="gm-full-width" onKeyDown={keepTypedStart} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
