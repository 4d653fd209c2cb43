import { useState } from 'react';
import { Alert, Button, Modal, Space, Tag, Typography, Upload } from 'antd';
import { InboxOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { IMPORT_MAX_BYTES, type ImportIdsResult } from '@gm/contract/players.contract.ts';
import { isApiError } from '../../shared/api-client.ts';
import { translateKey } from '../../shared/translate.ts';
import { useImportRoleIds } from './mails.queries.ts';

/**
 * Role ids from one .xls / .xlsx file, read by the console's Excel reader (the same one the
 * player screens import with, spec section 5): the ids the game knows go to the mail; the
 * unknown ones are listed so the operator can see why they were left out.
 */
export function MailImportDialog({ open, onClose, onUse }: { open: boolean; onClose: () => void; onUse: (ids: string[]) => void }) {
  const { t } = useTranslation(['mails', 'common']);
  const importIds = useImportRoleIds();
  const [result, setResult] = useState<ImportIdsResult | null>(null);
  const [problem, setProblem] = useState<string | null>(null);

  const close = () => {
    setResult(null);
    setProblem(null);
    onClose();
  };

  const read = (file: File, all: File[]) => {
    setResult(null);
    setProblem(null);
    if (all.length !== 1) setProblem(translateKey('validation:excelOneFile'));
    else if (!/\.(xlsx|xls)$/i.test(file.name)) setProblem(translateKey('validation:excelFormat'));
    else if (file.size === 0) setProblem(translateKey('validation:excelReadFail'));
    else if (file.size > IMPORT_MAX_BYTES) setProblem(translateKey('validation:excelTooLarge', { megabytes: IMPORT_MAX_BYTES / 1024 / 1024 }));
    else
      importIds.mutate(file, {
        onSuccess: setResult,
        onError: (error) => setProblem(isApiError(error) ? error.message : translateKey('validation:excelReadFail')),
      });
    return false;
  };

  return (
    <Modal
      open={open}
      width={600}
      title={t('import.title')}
      onCancel={close}
      destroyOnHidden
      footer={
        <Space>
          <Button onClick={close}>{t('common:buttons.close')}</Button>
          <Button
            type="primary"
            disabled={!result || result.ids.length === 0}
            onClick={() => {
              if (result) onUse(result.ids);
              close();
            }}
          >
            {t('import.use', { count: result?.ids.length ?? 0 })}
          </Button>
        </Space>
      }
    >
      <Upload.Dragger accept=".xlsx,.xls" multiple={false} maxCount={1} showUploadList={false} beforeUpload={read} disabled={importIds.isPending}>
        <p className="ant-upload-drag-icon">
          <InboxOutlined />
        </p>
        <p className="ant-upload-text">{t('import.drop')}</p>
        <p className="ant-upload-hint">{t('import.hint')}</p>
      </Upload.Dragger>
      {problem ? <Alert type="error" showIcon role="alert" style={{ marginTop: 16 }} title={problem} /> : null}
      {result ? (
        <div style={{ marginTop: 16 }} data-testid="import-result">
          <Typography.Paragraph>{t('import.sheet', { sheet: result.sheet, rows: result.rows, duplicates: result.duplicates })}</Typography.Paragraph>
          <Space direction="vertical" style={{ width: '100%' }}>
            <Tag color="green">{t('import.known', { count: result.ids.length })}</Tag>
            {result.unknown.length > 0 ? (
              <Alert
                type="warning"
                showIcon
                title={t('import.unknown', { count: result.unknown.length })}
                description={<Typography.Text copyable>{result.unknown.slice(0, 50).join(', ') + (result.unknown.length > 50 ? ' …' : '')}</Typography.Text>}
              />
            ) : null}
          </Space>
        </div>
      ) : null}
    </Modal>
  );
}
