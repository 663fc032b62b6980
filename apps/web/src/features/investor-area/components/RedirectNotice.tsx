import { Alert } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { redirectRefusedOf } from '../lib/mailedLink.ts';

/**
 * Says that a mailed link could not be opened, on the page the investor was sent to instead. Shown
 * once: the navigation state is cleared on arrival, and the notice goes when they move on.
 */
export function RedirectNotice() {
  const { t } = useTranslation();
  const location = useLocation();
  const navigate = useNavigate();
  const here = `${location.pathname}${location.search}`;
  const [shownAt, setShownAt] = useState<string | null>(null);

  useEffect(() => {
    if (!redirectRefusedOf(location.state)) return;
    setShownAt(`${location.pathname}${location.search}`);
    navigate(
      { pathname: location.pathname, search: location.search, hash: location.hash },
      { replace: true, state: null },
    );
  }, [location, navigate]);

  if (shownAt !== here) return null;
  return (
    <Alert
      className="guard-notice"
      type="warning"
      showIcon
      role="alert"
      closable={{ 'aria-label': t('common.close') }}
      onClose={() => setShownAt(null)}
      title={t('redirect.refused')}
    />
  );
}
