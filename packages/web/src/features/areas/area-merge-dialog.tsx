import { useEffect } from 'react';
import { Alert, Form, Modal, Select } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { areaMergeBody, type Area } from '@gm/contract/areas.contract.ts';
import { confirmAction, notifyCancelled } from '../../shared/components/confirm-action.tsx';
import { zodRule } from '../../shared/form-rules.ts';
import { showSuccess } from '../../shared/feedback.ts';
import { areaOptionsQueryOptions, useMergeArea } from './areas.queries.ts';
import { regionLabel } from '../../shared/region-options.queries.ts';

/**
 * Merge a region into another. The dialog says whether the game will accept it (only under
 * maintenance) but still lets the operator try: the game's own answer is the authority.
 */
export function AreaMergeDialog({ area, onClose }: { area: Area | null; onClose: () => void }) {
  const { t } = useTranslation(['areas', 'common']);
  const [form] = Form.useForm<{ intoId?: string }>();
  const options = useQuery({ ...areaOptionsQueryOptions(), enabled: area !== null });
  const merge = useMergeArea();

  useEffect(() => {
    if (area) form.resetFields();
  }, [area, form]);

  const onFinish = ({ intoId }: { intoId?: string }) => {
    if (!area || !intoId) return;
    confirmAction({
      title: t('confirm.merge', { fromId: area.id, intoId }),
      content: t('confirm.mergeContent', { fromId: area.id, intoId }),
      danger: true,
      onOk: async () => {
        const result = await merge.mutateAsync({ id: area.id, intoId });
        showSuccess(t('done.merged', { moved: String(result.movedPlayers), intoId }));
        onClose();
      },
    });
  };

  return (
    <Modal
      open={area !== null}
      title={t('mergeDialog.title', { id: area?.id ?? '' })}
      okText={t('actions.merge')}
      okButtonProps={{ danger: true }}
      cancelText={t('common:buttons.cancel')}
      confirmLoading={merge.isPending}
      onOk={() => form.submit()}
      onCancel={() => {
        notifyCancelled();
        onClose();
      }}
      destroyOnHidden
    >
      {area ? (
        <Alert
          style={{ marginBottom: 16 }}
          showIcon
          type={area.underMaintenance ? 'success' : 'warning'}
          title={t(area.underMaintenance ? 'mergeDialog.underMaintenance' : 'mergeDialog.notUnderMaintenance')}
        />
      ) : null}
      <Form form={form} layout="vertical" onFinish={onFinish} preserve={false}>
        <Form.Item name="intoId" label={t('mergeDialog.into')} rules={[zodRule(areaMergeBody.shape.intoId)]}>
          <Select
            showSearch={{ optionFilterProp: 'label' }}
            placeholder={t('mergeDialog.intoPlaceholder')}
            loading={options.isFetching}
            options={(options.data ?? [])
              .filter((a) => a.id !== area?.id && a.mergedInto === null)
              .map((a) => ({ value: a.id, label: regionLabel(a.id, a.name) }))}
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}
