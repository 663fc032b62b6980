import { DownOutlined, DownloadOutlined } from '@ant-design/icons';
import { Button, Dropdown } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useErrorToast } from '../../../shared/components/ErrorAlert.tsx';
import { currentLanguage } from '../../../shared/i18n/index.ts';
import { type ClientExportRequest, type ClientSheetFormat, exportClients } from '../api/clientSheetApi.ts';
import { useFeedback } from '../../../shared/feedback/index.tsx';

const PROGRESS_KEY = 'client-export';

/**
 * 「匯出」: the list as shown (filters, search, stage tab and sort), every matching row, as CSV or
 * XLSX in the interface language. The download goes through the authorised call, so the token
 * stays in the header.
 */
export function ClientExportButton({ request }: { request: Omit<ClientExportRequest, 'format' | 'lang'> }) {
  const { t } = useTranslation();
  const { message } = useFeedback();
  const showError = useErrorToast();
  const [running, setRunning] = useState<ClientSheetFormat | null>(null);

  async function run(format: ClientSheetFormat) {
    setRunning(format);
    message.open({
      key: PROGRESS_KEY,
      type: 'loading',
      content: t('clientList.sheet.exporting'),
      duration: 0,
    });
    try {
      const name = await exportClients({ ...request, format, lang: currentLanguage() });
      message.open({
        key: PROGRESS_KEY,
        type: 'success',
        content: t('clientList.sheet.exported', { name }),
        duration: 3,
      });
    } catch (error) {
      message.destroy(PROGRESS_KEY);
      showError(error, t('clientList.sheet.downloadFailed'));
    } finally {
      setRunning(null);
    }
  }

  return (
    <Dropdown
      trigger={['click']}
      disabled={running !== null}
      menu={{
        items: [
          { key: 'xlsx', label: t('clientList.sheet.xlsx') },
          { key: 'csv', label: t('clientList.sheet.csv') },
        ],
        onClick: ({ key }) => void run(key as ClientSheetFormat),
      }}
    >
      <Button
        icon={<DownloadOutlined aria-hidden />}
        loading={running !== null}
        title={t('clientList.sheet.exportLabel')}
      >
        {t('clientList.sheet.export')}
        <DownOutlined aria-hidden />
      </Button>
    </Dropdown>
  );
}
