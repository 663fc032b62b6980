import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';

/** 新申請: a self-registered investor waiting for approval, or a draft case a startup's registration made. */
export function NewApplicationTag({ pending }: { pending: boolean }) {
  const { t } = useTranslation();
  if (!pending) return null;
  return (
    <Tag color="gold" className="new-application-tag">
      {t('registration.newTag')}
    </Tag>
  );
}
