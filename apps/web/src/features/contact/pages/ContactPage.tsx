import { Segmented } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { ComingSoon } from '../../../shared/components/ComingSoon.tsx';
import { PageNotFoundError } from '../../../shared/errors.ts';

type ContactFilter = 'all' | 'unreplied' | 'replied';

/** /dashboard/contact/:type?: service messages, optionally only unreplied or replied threads. */
export function ContactPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { type } = useParams();
  if (type !== undefined && type !== 'unreplied' && type !== 'replied') throw new PageNotFoundError();
  const value: ContactFilter = type ?? 'all';
  return (
    <ComingSoon
      title={t('pages.contact')}
      extra={
        <Segmented<ContactFilter>
          className="page-filter"
          aria-label={t('pages.contact')}
          value={value}
          onChange={(next) => navigate(next === 'all' ? '/dashboard/contact' : `/dashboard/contact/${next}`)}
          options={[
            { value: 'all', label: t('nav.contactAll') },
            { value: 'unreplied', label: t('nav.contactUnreplied') },
            { value: 'replied', label: t('nav.contactReplied') },
          ]}
        />
      }
    />
  );
}
