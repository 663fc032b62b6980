import type { RouteName } from '@dealflow/domain';
import { Alert } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { guardDeniedOf } from '../../shared/navigation/guardNotice.ts';
import { guardPageLabelKey } from './dashboardMenu.tsx';

/**
 * Says why a page guard brought the user here (「您沒有權限開啟「投資人」頁面…」). Shown once: the
 * navigation state is cleared on arrival, so a reload or a later visit does not repeat it, and it
 * goes when the user moves on.
 */
export function GuardNotice() {
  const { t } = useTranslation();
  const location = useLocation();
  const navigate = useNavigate();
  const here = `${location.pathname}${location.search}`;
  const [notice, setNotice] = useState<{ route: RouteName; at: string } | null>(null);

  useEffect(() => {
    const denied = guardDeniedOf(location.state);
    if (!denied) return;
    setNotice({ route: denied, at: `${location.pathname}${location.search}` });
    navigate(
      { pathname: location.pathname, search: location.search, hash: location.hash },
      { replace: true, state: null },
    );
  }, [location, navigate]);

  if (!notice || notice.at !== here) return null;
  return (
    <Alert
      className="guard-notice"
      type="warning"
      showIcon
      role="alert"
      closable={{ 'aria-label': t('common.close') }}
      onClose={() => setNotice(null)}
      title={t('account.guard.denied', { page: t(guardPageLabelKey(notice.route)) })}
    />
  );
}
