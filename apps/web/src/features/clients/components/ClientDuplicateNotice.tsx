import { Alert } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useDebouncedValue } from '../../../shared/hooks/useDebouncedValue.ts';
import { useClientDuplicates } from '../api/clientApi.ts';

const looksLikeEmail = (v: string) => /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(v);
const looksLikePhone = (v: string) => v.replace(/\D/g, '').length >= 6;

/**
 * Warns while an email or phone being typed already belongs to another client, and links to that
 * record when the viewer may open it (others are only named). Only changed values are checked.
 */
export function ClientDuplicateNotice({
  email,
  phone,
  storedEmail,
  storedPhone,
  excludeId,
}: {
  email: string | undefined;
  phone: string | undefined;
  storedEmail?: string | null;
  storedPhone?: string | null;
  excludeId?: number;
}) {
  const { t } = useTranslation();
  const typedEmail = (email ?? '').trim().toLowerCase();
  const typedPhone = (phone ?? '').trim();
  const settled = {
    email: useDebouncedValue(
      looksLikeEmail(typedEmail) && typedEmail !== (storedEmail ?? '').toLowerCase() ? typedEmail : '',
      400,
    ),
    phone: useDebouncedValue(
      looksLikePhone(typedPhone) && typedPhone !== (storedPhone ?? '') ? typedPhone : '',
      400,
    ),
  };
  const duplicates = useClientDuplicates({
    email: settled.email || undefined,
    phone: settled.phone || undefined,
    exclude_id: excludeId,
  });
  const found = (duplicates.data ?? []).filter((d) => d.id !== excludeId);
  if (!settled.email && !settled.phone) return null;
  if (found.length === 0) return null;
  return (
    <Alert
      className="form-alert"
      type="warning"
      showIcon
      role="status"
      title={t('clientPage.duplicates.title')}
      description={
        <ul className="client-duplicates">
          {found.map((d) => {
            const what = d.matched
              .map((m) => t(`clientPage.duplicates.${m}`))
              .join(t('clientPage.duplicates.separator'));
            const name = d.is_deleted ? t('clientPage.duplicates.deleted', { name: d.name }) : d.name;
            return (
              <li key={d.id}>
                {t('clientPage.duplicates.line', { what })}
                {d.visible ? <Link to={`/dashboard/investor/${d.id}`}>{name}</Link> : name}
              </li>
            );
          })}
        </ul>
      }
    />
  );
}
