import { useEffect, useState } from 'react';
import { Alert, Button, Modal, Space, Tag, Typography, Upload } from 'antd';
import { InboxOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { IMPORT_MAX_BYTES, type ImportIdsResult } from '@gm/contract/players.contract.ts';
import { isApiError } from './api-client.ts';
import { translateKey } from './translate.ts';

/** How a screen has the server read a file: a mutation of TanStack Query, or the like. */
export interface IdsImporter {
  mutate(file: File, callbacks: { onSuccess: (result: ImportIdsResult) => void; onError: (error: unknown) => void }): void;
  isPending: boolean;
}

/**
 * Import of ids from Excel (spec section 5): one .xls or .xlsx file, whose first worksheet with
 * data lists the ids. The server's reader says which ids the game knows; `onUse` receives those,
 * and the unknown ones are listed so the operator sees why they were left out. Its texts are the
 * `import.*` messages of the screen's namespace (a player list selects the ids, a mail adds them).
 */
export function ImportIdsDialog({ ns, importer, open, onClose, onUse }: { ns: 'players' | 'mails'; importer: IdsImporter; open: boolean; onClose: () => void; onUse: (ids: string[]) => void }) {
  const { t } = useTranslation([ns, 'common']);
  const [result, setResult] = useState<ImportIdsResult | null>(null);
  const [problem, setProblem] = useState<string | null>(null);

  useEffect(() => {
    if (!open) return;
    setResult(null);
    setProblem(null);
  }, [open]);

  const read = (file: File, all: File[]) => {
    setResult(null);
    setProblem(null);
    if (all.length !== 1) setProblem(translateKey('validation:excelOneFile'));
    else if (!/\.(xlsx|xls)$/i.test(file.name)) setProblem(translateKey('validation:excelFormat'));
    else if (file.size === 0) setProblem(translateKey('validation:excelReadFail'));
    else if (file.size > IMPORT_MAX_BYTES) setProblem(translateKey('validation:excelTooLarge', { megabytes: IMPORT_MAX_BYTES / 1024 / 1024 }));
    else
      importer.mutate(file, {
        onSuccess: setResult,
        onError: (error) => setProblem(isApiError(error) ? error.message : translateKey('validation:excelReadFail')),
      });
    return false;
  };

  return (
    <Modal
      open={open}
      width={640}
      title={t('import.title')}
      onCancel={onClose}
      destroyOnHidden
      footer={
        <Space>
          <Button onClick={onClose}>{t('common:buttons.close')}</Button>
          <Button
            type="primary"
            disabled={!result || result.ids.length === 0}
            onClick={() => {
              if (result) onUse(result.ids);
              onClose();
            }}
          >
            {t('import.use', { count: result?.ids.length ?? 0 })}
          </Button>
        </Space>
      }
    >
      <Upload.Dragger accept=".xlsx,.xls" multiple={false} maxCount={1} showUploadList={false} beforeUpload={read} disabled={importer.isPending}>
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
