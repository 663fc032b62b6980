import { UploadOutlined } from '@ant-design/icons';
import {
  DOC_MAX_BYTES,
  type DocUploadType,
  IMAGE_MAX_BYTES,
  type ImageUploadType,
  type StoredFileInfo,
} from '@dealflow/domain';
import { Button, Typography, Upload, type UploadFile, type UploadProps } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useErrorToast } from '../components/ErrorAlert.tsx';
import { uploadDoc, uploadImage } from './storedFiles.ts';
import './files.css';
import { useFeedback } from '../feedback/index.tsx';

type Target = { kind: 'image'; type?: ImageUploadType } | { kind: 'doc'; type: DocUploadType };

const MiB = 1024 * 1024;

/**
 * One file to the platform's store (an image or a document of a type), with its progress; a refusal
 * is worded from the API's error code by the one error display. The size limit is said beside the
 * button, and a file over it is refused before any byte is sent (the server counts again).
 * `onUploaded` gets the stored file; `label` replaces the button's text.
 */
export function FileUpload(
  props: Target & {
    onUploaded: (file: StoredFileInfo) => void;
    disabled?: boolean;
    label?: string;
  },
) {
  const { t } = useTranslation();
  const { message } = useFeedback();
  const showError = useErrorToast();
  const [inFlight, setInFlight] = useState<UploadFile[]>([]);
  const send = (file: File, onProgress: (percent: number) => void) =>
    props.kind === 'image'
      ? uploadImage(file, { type: props.type, onProgress })
      : uploadDoc(file, { type: props.type, onProgress });

  const maxMb = (props.kind === 'image' ? IMAGE_MAX_BYTES : DOC_MAX_BYTES) / MiB;

  return (
    <span className="file-upload">
      <Upload
        accept={props.kind === 'image' ? 'image/png,image/jpeg,image/gif,image/webp' : undefined}
        maxCount={1}
        disabled={props.disabled}
        fileList={inFlight}
        // The bar of a file on its way is a progressbar: it needs a name (axe, WCAG 4.1.2).
        progress={{ 'aria-label': t('files.progress') } as UploadProps['progress']}
        beforeUpload={(file) => {
          if (file.size <= maxMb * MiB) return true;
          message.error(t('files.tooLarge', { name: file.name, max: maxMb }));
          return Upload.LIST_IGNORE;
        }}
        onChange={({ fileList }) => setInFlight(fileList.filter((f) => f.status === 'uploading'))}
        customRequest={({ file, onProgress, onSuccess, onError }) => {
          send(file as File, (percent) => onProgress?.({ percent }))
            .then((stored) => {
              onSuccess?.(stored);
              message.success(t('files.uploaded', { name: stored.name }));
              props.onUploaded(stored);
            })
            .catch((error: unknown) => {
              onError?.(error as Error);
              showError(error);
            });
        }}
      >
        <Button icon={<UploadOutlined aria-hidden />} disabled={props.disabled}>
          {props.label ?? (props.kind === 'image' ? t('files.uploadImage') : t('files.uploadDoc'))}
        </Button>
      </Upload>
      <Typography.Text type="secondary" className="file-upload__limit">
        {t('files.maxSize', { max: maxMb })}
      </Typography.Text>
    </span>
  );
}
