import { Navigate, useLocation } from 'react-router';
import { type RedirectRefusedState, mailedLinkTarget } from '../lib/mailedLink.ts';

/**
 * /investor/redirect?to=/investor/…: where mailed links land. The area guard has the investor sign
 * in first (and come back here); then they go to the page the link names, only a safe path inside the
 * investor area, or to the investor home, which says the link could not be opened.
 */
// One object: `<Navigate>` navigates again whenever its `state` is a new object (see guardDeniedState).
const REFUSED: RedirectRefusedState = Object.freeze({ redirectRefused: true });

export function InvestorRedirectPage() {
  const location = useLocation();
  const { to, refused } = mailedLinkTarget(location.search);
  const state: RedirectRefusedState | undefined = refused ? REFUSED : undefined;
  return <Navigate to={to} replace state={state} />;
}
