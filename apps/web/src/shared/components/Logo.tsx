import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';

/** The Dealflow mark and name; links home. */
export function Logo({ to = '/', compact = false }: { to?: string; compact?: boolean }) {
  const { t } = useTranslation();
  return (
    <Link to={to} className="logo" aria-label={t('app.name')}>
      <svg className="logo__mark" viewBox="0 0 32 32" aria-hidden="true" focusable="false">
        <rect width="32" height="32" rx="6" fill="currentColor" />
        <path d="M9 8h7.5a8 8 0 0 1 0 16H9z" fill="none" stroke="#fff" strokeWidth="3" />
      </svg>
      {!compact && <span className="logo__text">{t('app.name')}</span>}
    </Link>
  );
}
