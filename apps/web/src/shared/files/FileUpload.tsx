import { UploadOutlined } from '@ant-design/icons';
import type { DocUploadType, ImageUploadType, StoredFileInfo } from '@dealflow/domain';
import { App, Button, Upload, type UploadFile } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useErrorToast } from '../components/ErrorAlert.tsx';
import { uploadDoc, uploadImage } from './storedFiles.ts';

type Target = { kind: 'image'; type?: ImageUploadType } | { kind: 'doc'; type: DocUploadType };

/**
 * One file to the platform's store (an image or a document of a type), with its progress; a refusal
 * is worded from the API's error code by the one error display. `onUploaded` gets the stored file.
 */
export function FileUpload(
  props: Target & { onUploaded: (file: StoredFileInfo) => void; disabled?: boolean },
) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const showError = useErrorToast();
  const [inFlight, setInFlight] = useState<UploadFile[]>([]);
  const send = (file: File, onProgress: (percent: number) => void) =>
    props.kind === 'image'
      ? uploadImage(file, { type: props.type, onProgress })
      : uploadDoc(file, { type: props.type, onProgress });

  return (
    <Upload
      accept={props.kind === 'image' ? 'image/png,image/jpeg,image/gif,image/webp' : undefined}
      maxCount={1}
      disabled={props.disabled}
      fileList={inFlight}
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
        {props.kind === 'image' ? t('files.uploadImage') : t('files.uploadDoc')}
      </Button>
    </Upload>
  );
}
