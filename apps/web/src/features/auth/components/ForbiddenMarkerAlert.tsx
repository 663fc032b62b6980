import { Alert } from 'antd';
import { useTranslation } from 'react-i18next';
import { useSession, useSessionStore } from '../session/index.ts';

/** Tells the user why they were signed out when restoring the saved session met a 403. */
export function ForbiddenMarkerAlert() {
  const { t } = useTranslation();
  const { forbidden } = useSession();
  const store = useSessionStore();
  if (!forbidden) return null;
  return (
    <Alert
      className="form-alert"
      type="warning"
      showIcon
      title={t('auth.forbiddenMarker')}
      closable={{ onClose: () => store.clearForbidden() }}
    />
  );
}
