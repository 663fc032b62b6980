import { DeleteOutlined, PaperClipOutlined } from '@ant-design/icons';
import type { CompanyFileRef, DocUploadType } from '@dealflow/domain';
import { Button, Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { FileUpload } from '../../../shared/files/FileUpload.tsx';

/** One stored file in a form field: its name, a remove button, and the upload with progress. */
export function CompanyFileField({
  value,
  onChange,
  kind,
  docType,
}: {
  value?: CompanyFileRef | null;
  onChange?: (value: CompanyFileRef | null) => void;
  kind: 'image' | 'doc';
  docType?: DocUploadType;
}) {
  const { t } = useTranslation();
  const uploaded = (file: { id: number; name: string }) => onChange?.({ file_id: file.id, name: file.name });
  return (
    <Space orientation="vertical" size={4}>
      {value ? (
        <Space size={4} wrap>
          <PaperClipOutlined aria-hidden />
          <Typography.Text>{value.name}</Typography.Text>
          <Button
            type="text"
            size="small"
            icon={<DeleteOutlined aria-hidden />}
            aria-label={t('startupProfile.removeFile')}
            onClick={() => onChange?.(null)}
          />
        </Space>
      ) : (
        <Typography.Text type="secondary">{t('startupProfile.noFile')}</Typography.Text>
      )}
      {kind === 'image' ? (
        <FileUpload kind="image" onUploaded={uploaded} />
      ) : (
        <FileUpload kind="doc" type={docType ?? 'other'} onUploaded={uploaded} />
      )}
    </Space>
  );
}
