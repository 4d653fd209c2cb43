import { useEffect } from 'react';
import { Alert, DatePicker, Form, Modal, Typography } from 'antd';
import type { Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import type { Area } from '@gm/contract/areas.contract.ts';
import { getGlobalConfig } from '../../shared/app-config.ts';
import { showFormError } from '../../shared/form-errors.ts';
import { showSuccess } from '../../shared/feedback.ts';
import { formatStamp, fromPickerValue, nowInZone, STAMP_FORMAT } from '../../shared/format.ts';
import { useSetAutoClose } from './areas.queries.ts';

/** Auto-close at a chosen future time (spec section 5: chosen, later than now, check the time). */
export function AreaAutoCloseDialog({ area, onClose }: { area: Area | null; onClose: () => void }) {
  const { t } = useTranslation(['areas', 'common', 'validation']);
  const [form] = Form.useForm<{ at?: Dayjs }>();
  const setAutoClose = useSetAutoClose();
  const zone = getGlobalConfig().displayTimeZone;

  useEffect(() => {
    if (area) form.resetFields();
  }, [area, form]);

  const onFinish = ({ at }: { at?: Dayjs }) => {
    if (!area || !at) return;
    const ms = fromPickerValue(at);
    setAutoClose.mutate(
      { id: area.id, at: ms },
      {
        onSuccess: () => {
          showSuccess(t('done.autoCloseSet', { id: area.id, at: formatStamp(ms) }));
          onClose();
        },
        onError: (error) => showFormError(form, error, ['at']),
      },
    );
  };

  return (
    <Modal
      open={area !== null}
      title={t('autoCloseDialog.title', { id: area?.id ?? '' })}
      okText={t('common:buttons.confirm')}
      cancelText={t('common:buttons.cancel')}
      confirmLoading={setAutoClose.isPending}
      onOk={() => form.submit()}
      onCancel={onClose}
      destroyOnHidden
    >
      {area?.autoCloseJob ? (
        <Alert
          style={{ marginBottom: 16 }}
          showIcon
          type="info"
          title={t('autoCloseDialog.current', { at: formatStamp(area.autoCloseJob.at), by: area.autoCloseJob.createdBy })}
        />
      ) : null}
      <Form form={form} layout="vertical" onFinish={onFinish} preserve={false}>
        <Form.Item
          name="at"
          label={t('autoCloseDialog.at')}
          extra={<Typography.Text type="secondary">{t('autoCloseDialog.help', { zone })}</Typography.Text>}
          rules={[
            { required: true, message: t('validation:autoCloseRequired') },
            {
              validator: async (_rule, value: Dayjs | undefined) => {
                if (value && fromPickerValue(value) <= Date.now()) throw new Error(t('validation:autoCloseFuture'));
              },
            },
          ]}
        >
          <DatePicker
            showTime
            format={STAMP_FORMAT}
            style={{ width: '100%' }}
            disabledDate={(d) => d.isBefore(nowInZone().startOf('day'))}
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}
