import { useEffect, useState } from 'react';
import { Alert, Button, Modal, Typography, Upload } from 'antd';
import { InboxOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { ANNOUNCEMENT_IMPORT_MAX_BYTES, ANNOUNCEMENT_SHEET_COLUMNS, type AnnouncementImportResult } from '@gm/contract/announcements.contract.ts';
import { isApiError } from '../../shared/api-client.ts';
import { showSuccess } from '../../shared/feedback.ts';
import { translateKey } from '../../shared/translate.ts';
import { useImportAnnouncements } from './announcements.queries.ts';

/**
 * Import of announcements from Excel (spec section 5): only one file, xls or xlsx, not empty;
 * the columns are the export's. The server checks every row with the same rules as the form and
 * imports all or nothing, naming the row and field of each problem.
 */
export function AnnouncementImportDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation(['announcements', 'common']);
  const importFile = useImportAnnouncements();
  const [result, setResult] = useState<AnnouncementImportResult | null>(null);
  const [problems, setProblems] = useState<string[]>([]);

  useEffect(() => {
    if (!open) return;
    setResult(null);
    setProblems([]);
  }, [open]);

  const read = (file: File, all: File[]) => {
    setResult(null);
    if (all.length !== 1) {
      // Each file of a multiple drop comes here; each says the same.
      setProblems([translateKey('validation:excelOneFile')]);
      return false;
    }
    setProblems([]);
    if (!/\.(xlsx|xls)$/i.test(file.name)) {
      setProblems([translateKey('validation:excelFormat')]);
      return false;
    }
    if (file.size === 0) {
      setProblems([translateKey('validation:excelAllEmpty')]);
      return false;
    }
    if (file.size > ANNOUNCEMENT_IMPORT_MAX_BYTES) {
      setProblems([translateKey('validation:excelTooLarge', { megabytes: ANNOUNCEMENT_IMPORT_MAX_BYTES / 1024 / 1024 })]);
      return false;
    }
    importFile.mutate(file, {
      onSuccess: (r) => {
        setResult(r);
        showSuccess(t('done.imported', { count: r.created }));
      },
      onError: (error) => {
        if (!isApiError(error)) setProblems([translateKey('validation:excelReadFail')]);
        else setProblems(error.details.length > 0 ? error.details.map((d) => d.message) : [error.message]);
      },
    });
    return false;
  };

  return (
    <Modal
      open={open}
      width={640}
      title={t('titles.import')}
      onCancel={onClose}
      destroyOnHidden
      footer={<Button onClick={onClose}>{t('common:buttons.close')}</Button>}
    >
      <Upload.Dragger accept=".xlsx,.xls" multiple showUploadList={false} beforeUpload={read} disabled={importFile.isPending}>
        <p className="ant-upload-drag-icon">
          <InboxOutlined />
        </p>
        <p className="ant-upload-text">{t('import.drop')}</p>
        <p className="ant-upload-hint">{t('import.hint')}</p>
      </Upload.Dragger>
      <Typography.Paragraph type="secondary" className="gm-import-columns">
        {t('import.columns')}: <Typography.Text code>{ANNOUNCEMENT_SHEET_COLUMNS.join(', ')}</Typography.Text>
      </Typography.Paragraph>
      {problems.length > 0 ? (
        <Alert
          type="error"
          showIcon
          role="alert"
          title={problems.length > 1 ? t('import.failed') : problems[0]}
          description={problems.length > 1 ? <ul className="gm-problem-list">{problems.slice(0, 20).map((p, i) => <li key={i}>{p}</li>)}</ul> : undefined}
        />
      ) : null}
      {result ? <Alert type="success" showIcon data-testid="import-result" title={t('import.result', { count: result.created })} /> : null}
    </Modal>
  );
}
