import { Spin } from 'antd';
import { useTranslation } from 'react-i18next';

/** Whole-page wait (session restore, a lazy area loading). */
export function FullPageSpin({ label }: { label?: string }) {
  const { t } = useTranslation();
  return (
    <div className="full-page-center" role="status" aria-live="polite">
      <Spin size="large" description={label ?? t('common.loading')} />
    </div>
  );
}
