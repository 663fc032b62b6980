import type { ServiceThread } from '@dealflow/domain';
import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

/**
 * Whom a thread is with, in the staff inbox: an investor by name, or a startup marked 新創 with its
 * company (case) name (issue 14). With `link`, the name leads to the investor's or the case's page.
 */
export function PartyName({ thread, link = false }: { thread: ServiceThread; link?: boolean }) {
  const { t } = useTranslation();
  if (thread.party === 'startup') {
    const name = thread.case?.name ?? '';
    return (
      <>
        <Tag color="geekblue" className="inbox-party-tag">
          {t('contact.party.startup')}
        </Tag>
        {link && thread.case_id !== null ? (
          <Link to={`/dashboard/manager/${thread.case_id}?tab=messages&thread=${thread.id}`}>{name}</Link>
        ) : (
          name
        )}
      </>
    );
  }
  const name = thread.client?.name ?? '';
  return link && thread.client_id !== null ? (
    <Link to={`/dashboard/investor/${thread.client_id}`}>{name}</Link>
  ) : (
    name
  );
}
