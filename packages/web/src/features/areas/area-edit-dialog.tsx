import { useEffect } from 'react';
import { Form, Input, InputNumber, Modal } from 'antd';
import { useTranslation } from 'react-i18next';
import { areaGroup, areaName, uiSort, type Area, type AreaUpdateBody } from '@gm/contract/areas.contract.ts';
import { showFormError } from '../../shared/form-errors.ts';
import { zodRule } from '../../shared/form-rules.ts';
import { showSuccess } from '../../shared/feedback.ts';
import { GroupInput } from './area-fields.tsx';
import { useUpdateArea } from './areas.queries.ts';

const FIELDS = ['name', 'group', 'uiSort'];

/** Rename, regroup, re-sort: only what changed is sent. */
export function AreaEditDialog({ area, onClose }: { area: Area | null; onClose: () => void }) {
  const { t } = useTranslation(['areas', 'common']);
  const [form] = Form.useForm<{ name: string; group: string; uiSort: number }>();
  const update = useUpdateArea();

  useEffect(() => {
    if (area) form.setFieldsValue({ name: area.name, group: area.group, uiSort: area.uiSort });
  }, [area, form]);

  const onFinish = (values: { name: string; group: string; uiSort: number }) => {
    if (!area) return;
    const body: AreaUpdateBody = {};
    if (values.name.trim() !== area.name) body.name = values.name.trim();
    if (values.group.trim() !== area.group) body.group = values.group.trim();
    if (values.uiSort !== area.uiSort) body.uiSort = values.uiSort;
    if (Object.keys(body).length === 0) {
      onClose();
      return;
    }
    update.mutate(
      { id: area.id, body },
      {
        onSuccess: () => {
          showSuccess(t('done.updated', { id: area.id }));
          onClose();
        },
        onError: (error) => showFormError(form, error, FIELDS),
      },
    );
  };

  return (
    <Modal
      open={area !== null}
      title={t('edit.title', { id: area?.id ?? '' })}
      okText={t('common:buttons.save')}
      cancelText={t('common:buttons.cancel')}
      confirmLoading={update.isPending}
      onOk={() => form.submit()}
      onCancel={onClose}
      destroyOnHidden
    >
      <Form form={form} layout="vertical" onFinish={onFinish} preserve={false}>
        <Form.Item name="name" label={t('form.name')} rules={[zodRule(areaName)]}>
          <Input maxLength={100} />
        </Form.Item>
        <Form.Item name="group" label={t('form.group')} rules={[zodRule(areaGroup)]}>
          <GroupInput />
        </Form.Item>
        <Form.Item name="uiSort" label={t('form.uiSort')} extra={t('form.uiSortHelp')} rules={[zodRule(uiSort)]}>
          <InputNumber style={{ width: '100%' }} precision={0} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
