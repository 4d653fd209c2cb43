import { useState } from 'react';
import { Button, Image, Space, Upload } from 'antd';
import { DeleteOutlined, LoadingOutlined, PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { UPLOAD_IMAGE_MAX_BYTES } from '@gm/contract/announcements.contract.ts';
import { isApiError } from '../../shared/api-client.ts';
import { showError } from '../../shared/feedback.ts';
import { translateKey } from '../../shared/translate.ts';
import { uploadImage } from './announcements.queries.ts';

/** What the browser may offer; the server judges the bytes again (a PNG named .jpg is fine). */
const looksLikeImage = (file: File): boolean => /\.(png|jpe?g)$/i.test(file.name) || file.type === 'image/png' || file.type === 'image/jpeg';

/**
 * An announcement image as a form control: `value` is the console url the upload answered
 * (`POST /api/gm/admin/uploads`). jpg or png only ("upload format error"), at most 2 MB; the
 * thumbnail opens the full picture.
 */
export function ImageUpload({ value, onChange, id, label }: { value?: string; onChange?: (url: string) => void; id?: string; label: string }) {
  const { t } = useTranslation('announcements');
  const [busy, setBusy] = useState(false);

  const check = (file: File): boolean => {
    if (!looksLikeImage(file)) {
      showError(translateKey('errors:uploadFormat'));
      return false;
    }
    if (file.size > UPLOAD_IMAGE_MAX_BYTES) {
      showError(translateKey('errors:uploadTooLarge', { megabytes: UPLOAD_IMAGE_MAX_BYTES / 1024 / 1024 }));
      return false;
    }
    return true;
  };

  return (
    <Space align="start" size={12}>
      {value ? <Image className="gm-upload-preview" width={104} height={104} src={value} alt={label} /> : null}
      <Space direction="vertical" size={6}>
        <Upload
          id={id}
          accept=".jpg,.jpeg,.png,image/jpeg,image/png"
          multiple={false}
          maxCount={1}
          showUploadList={false}
          listType="picture-card"
          beforeUpload={(file) => (check(file) ? true : Upload.LIST_IGNORE)}
          customRequest={({ file, onSuccess, onError }) => {
            setBusy(true);
            uploadImage(file as File)
              .then((result) => {
                onChange?.(result.url);
                onSuccess?.(result);
              })
              .catch((error: unknown) => {
                showError(isApiError(error) ? error.message : translateKey('errors:uploadFormat'));
                onError?.(error as Error);
              })
              .finally(() => setBusy(false));
          }}
        >
          <button type="button" className="gm-upload-button" aria-label={`${label}: ${t('form.upload')}`}>
            {busy ? <LoadingOutlined /> : <PlusOutlined />}
            <div>{busy ? t('form.uploading') : t('form.upload')}</div>
          </button>
        </Upload>
        {value ? (
          <Button size="small" type="text" danger icon={<DeleteOutlined />} onClick={() => onChange?.('')} aria-label={`${label}: ${t('actions.delete')}`}>
            {t('actions.delete')}
          </Button>
        ) : null}
      </Space>
    </Space>
  );
}
