import { lazy, Suspense, useRef, useState, type DragEvent } from 'react';
import { Button, Space } from 'antd';
import { DeleteOutlined, LoadingOutlined, PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { UPLOAD_IMAGE_MAX_BYTES } from '@gm/contract/announcements.contract.ts';
import { isApiError } from '../../shared/api-client.ts';
import { showError } from '../../shared/feedback.ts';
import { translateKey } from '../../shared/translate.ts';
import { uploadImage } from './announcements.queries.ts';

/** antd's Image (its zoom-and-rotate preview): downloaded when the thumbnail is first opened. */
const Image = lazy(() => import('antd/es/image/index.js'));

/** What the browser may offer; the server judges the bytes again (a PNG named .jpg is fine). */
const looksLikeImage = (file: File): boolean => /\.(png|jpe?g)$/i.test(file.name) || file.type === 'image/png' || file.type === 'image/jpeg';

/**
 * An announcement image as a form control: `value` is the console url the upload answered
 * (`POST /api/gm/admin/uploads`). jpg or png only ("upload format error"), at most 2 MB; the
 * thumbnail opens the full picture. A file input of its own in antd's picture-card frame (its
 * classes, from the static style sheet), not antd's Upload: with no upload list shown, Upload
 * added only the file dialog and the drop, and cost the edit page about 14 KB (Upload and the
 * Progress it brings) on every visit (docs/performance.md, "First visit", sixth pass).
 */
export function ImageUpload({ value, onChange, id, label }: { value?: string; onChange?: (url: string) => void; id?: string; label: string }) {
  const { t } = useTranslation('announcements');
  const [busy, setBusy] = useState(false);
  const input = useRef<HTMLInputElement>(null);

  const check = (file: File): boolean => {
    if (!looksLikeImage(file)) {
      // The spec's "upload format error", with what is taken.
      showError(t('form.imageFormat'));
      return false;
    }
    if (file.size > UPLOAD_IMAGE_MAX_BYTES) {
      showError(translateKey('errors:uploadTooLarge', { megabytes: UPLOAD_IMAGE_MAX_BYTES / 1024 / 1024 }));
      return false;
    }
    return true;
  };

  const upload = (file: File | undefined) => {
    if (!file || busy || !check(file)) return;
    setBusy(true);
    uploadImage(file)
      .then((result) => onChange?.(result.url))
      .catch((error: unknown) => showError(isApiError(error) ? error.message : translateKey('errors:uploadFormat')))
      .finally(() => setBusy(false));
  };

  const onDrop = (event: DragEvent) => {
    event.preventDefault();
    if (event.type === 'drop') upload(event.dataTransfer.files[0]);
  };

  return (
    <Space align="start" size={12}>
      {value ? <Thumbnail src={value} alt={label} /> : null}
      <Space direction="vertical" size={6}>
        <span className="ant-upload-wrapper ant-upload-picture-card-wrapper gm-image-upload">
          <div className="ant-upload ant-upload-select">
            <span className="ant-upload" onDrop={onDrop} onDragOver={onDrop}>
              <input
                ref={input}
                id={id}
                type="file"
                accept=".jpg,.jpeg,.png,image/jpeg,image/png"
                style={{ display: 'none' }}
                onChange={(event) => {
                  upload(event.target.files?.[0]);
                  // The same file chosen again (after a refused upload) is a change too.
                  event.target.value = '';
                }}
              />
              <button type="button" className="gm-upload-button" aria-label={`${label}: ${value ? t('form.replace') : t('form.upload')}`} onClick={() => input.current?.click()}>
                {busy ? <LoadingOutlined /> : <PlusOutlined />}
                {/* One image per field: with one in place, the tile replaces it. */}
                <div>{busy ? t('form.uploading') : value ? t('form.replace') : t('form.upload')}</div>
              </button>
            </span>
          </div>
        </span>
        {value ? (
          <Button size="small" type="text" danger icon={<DeleteOutlined />} onClick={() => onChange?.('')} aria-label={`${label}: ${t('actions.delete')}`}>
            {t('actions.delete')}
          </Button>
        ) : null}
      </Space>
    </Space>
  );
}

/**
 * The uploaded picture, 104 px; a click (or Enter) opens it full size in antd's Image preview,
 * whose code is fetched then: editing an announcement, which always has a picture, does not
 * download it on every visit.
 */
function Thumbnail({ src, alt }: { src: string; alt: string }) {
  /** null: the preview was never asked for (antd's Image not loaded). */
  const [open, setOpen] = useState<boolean | null>(null);
  const plain = (
    <img
      className="gm-upload-preview gm-upload-preview-plain"
      width={104}
      height={104}
      src={src}
      alt={alt}
      role="button"
      tabIndex={0}
      onClick={() => setOpen(true)}
      onKeyDown={(event) => {
        if (event.key !== 'Enter' && event.key !== ' ') return;
        event.preventDefault();
        setOpen(true);
      }}
    />
  );
  if (open === null) return plain;
  return (
    <Suspense fallback={plain}>
      <Image className="gm-upload-preview" width={104} height={104} src={src} alt={alt} preview={{ open, onOpenChange: setOpen }} />
    </Suspense>
  );
}
