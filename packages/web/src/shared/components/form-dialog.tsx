import type { ReactNode } from 'react';
import { Form, Modal, type FormInstance } from 'antd';
import { useTranslation } from 'react-i18next';

/**
 * The add / edit dialog of a list: a vertical form that Save submits and Cancel closes, built
 * afresh each time it opens. Filling the form on opening stays with the caller.
 */
export function FormDialog<V>({
  open,
  title,
  form,
  onFinish,
  saving,
  onClose,
  children,
}: {
  open: boolean;
  title: ReactNode;
  form: FormInstance<V>;
  onFinish: (values: V) => void;
  saving: boolean;
  onClose: () => void;
  children: ReactNode;
}) {
  const { t } = useTranslation('common');
  return (
    <Modal
      open={open}
      title={title}
      okText={t('buttons.save')}
      cancelText={t('buttons.cancel')}
      onOk={() => form.submit()}
      onCancel={onClose}
      confirmLoading={saving}
      destroyOnHidden
    >
      <Form form={form} layout="vertical" onFinish={onFinish} style={{ marginTop: 16 }}>
        {children}
      </Form>
    </Modal>
  );
}
