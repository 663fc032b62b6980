import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';

/** 未回覆 / 已回覆 (SPEC section 4: the last message is an employee's, or not). */
export function ThreadStatusTag({ replied }: { replied: boolean }) {
  const { t } = useTranslation();
  return (
    <Tag color={replied ? 'green' : 'volcano'} className="inbox-status">
      {replied ? t('contact.status.replied') : t('contact.status.unreplied')}
    </Tag>
  );
}
