import { useTranslation } from 'react-i18next';

/**
 * Whole-page wait (session restore, a lazy area loading): a spinner in our CSS (styles.css
 * `.df-spinner`), as every page shows it before anything else; antd's Spin generated its styles
 * at run time on every first load. `.df-loading` marks a wait for the journeys, as antd's classes do.
 */
export function FullPageSpin({ label }: { label?: string }) {
  const { t } = useTranslation();
  return (
    <div className="full-page-center df-loading" role="status" aria-live="polite">
      <span className="df-spinner" aria-hidden />
      <span className="df-spinner__label">{label ?? t('common.loading')}</span>
    </div>
  );
}
