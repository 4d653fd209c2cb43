import { useEffect } from 'react';
import { Form, Input, Modal } from 'antd';
import { useTranslation } from 'react-i18next';
import { translateKey } from '../../shared/translate.ts';

/** "Save as template": the template's name; the form's fields are its body. */
export function SaveTemplateDialog({
  open,
  saving,
  defaultName,
  onClose,
  onSave,
}: {
  open: boolean;
  saving: boolean;
  defaultName: string;
  onClose: () => void;
  onSave: (name: string) => void;
}) {
  const { t } = useTranslation(['announcements', 'common']);
  const [form] = Form.useForm<{ name: string }>();
  useEffect(() => {
    if (open) form.setFieldsValue({ name: defaultName.slice(0, 100) });
  }, [open, defaultName, form]);
  return (
    <Modal
      open={open}
      title={t('titles.saveTemplate')}
      okText={t('common:buttons.save')}
      cancelText={t('common:buttons.cancel')}
      onOk={() => form.submit()}
      onCancel={onClose}
      confirmLoading={saving}
      destroyOnHidden
    >
      <Form form={form} layout="vertical" onFinish={(v) => onSave(v.name.trim())} className="gm-dialog-form">
        <Form.Item name="name" label={t('fields.templateName')} rules={[{ required: true, whitespace: true, message: translateKey('validation:nameRequired') }, { max: 100 }]}>
          <Input maxLength={100} autoFocus />
        </Form.Item>
      </Form>
    </Modal>
  );
}
