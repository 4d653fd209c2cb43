import type { ReactNode } from 'react';
import { Form, Modal, type FormInstance } from 'antd';
import { useTranslation } from 'react-i18next';
import { notifyCancelled } from './confirm-action.tsx';

/**
 * The add / edit dialog of a list: a vertical form that Save submits and Cancel closes, built
 * afresh each time it opens. Filling the form on opening stays with the caller. A `destructive`
 * dialog (a form that asks why before taking something away) names its action on a red button
 * and says "Cancelled" when declined, as every destructive action does (spec section 8).
 */
export function FormDialog<V>({
  open,
  title,
  form,
  onFinish,
  saving,
  onClose,
  destructive,
  children,
}: {
  open: boolean;
  title: ReactNode;
  form: FormInstance<V>;
  onFinish: (values: V) => void;
  saving: boolean;
  onClose: () => void;
  destructive?: { okText: string };
  children: ReactNode;
}) {
  const { t } = useTranslation('common');
  return (
    <Modal
      open={open}
      title={title}
      okText={destructive?.okText ?? t('buttons.save')}
      okButtonProps={destructive ? { danger: true } : {}}
      cancelText={t('buttons.cancel')}
      onOk={() => form.submit()}
      onCancel={() => {
        if (destructive && !saving) notifyCancelled();
        onClose();
      }}
      confirmLoading={saving}
      destroyOnHidden
    >
      <Form form={form} layout="vertical" onFinish={onFinish} style={{ marginTop: 16 }}>
        {children}
      </Form>
    </Modal>
  );
}
