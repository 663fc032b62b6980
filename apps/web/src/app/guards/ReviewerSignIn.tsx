import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useSessionStore } from '../../features/auth/session/index.ts';
import { FullPageSpin } from '../../shared/components/FullPageSpin.tsx';

/**
 * Exchanges a reviewer link token (SPEC section 6). Success turns the session on and the area guard
 * lets the page through; failure sets the exit to the staff login.
 */
export function ReviewerSignIn({ token }: { token: string }) {
  const { t } = useTranslation();
  const store = useSessionStore();
  useEffect(() => {
    store.signInAsReviewer(token).catch(() => {
      // The store records the way out (/dashboard/login); nothing else to do here.
    });
  }, [store, token]);
  return <FullPageSpin label={t('auth.reviewerSigningIn')} />;
}
