import { Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { QaEditor } from '../components/QaEditor.tsx';
import '../qa.css';

/** /dashboard/config/qa (admin, like the contract configuration): the investor Q&A's editor. */
export function QaConfigPage() {
  const { t } = useTranslation();
  return (
    <section className="page-section qa-config" aria-labelledby="page-title">
      <div className="page-header">
        <div>
          <Typography.Title level={3} id="page-title">
            {t('qa.editor.title')}
          </Typography.Title>
          <Typography.Paragraph type="secondary">{t('qa.editor.intro')}</Typography.Paragraph>
        </div>
      </div>
      <QaEditor />
    </section>
  );
}
