import { isSafeReturnPath } from '@dealflow/domain';

const HOME = '/investor';
/** The query names a mailed link may carry its page in: `to`, and `redirect` as login pages use. */
const TARGET_PARAMS = ['to', 'redirect'] as const;

/**
 * Where a mailed link (/investor/redirect?to=…) sends the signed-in investor: the page it names when
 * that is a safe path (returnPath.ts) inside the investor area, other than this page itself; otherwise
 * the investor home, `refused` saying the link named nothing usable.
 */
export function mailedLinkTarget(search: string): { to: string; refused: boolean } {
  const params = new URLSearchParams(search);
  const wanted = TARGET_PARAMS.map((name) => params.get(name)).find((v): v is string => Boolean(v));
  if (wanted === undefined) return { to: HOME, refused: true };
  const inArea = wanted === HOME || /^\/investor[/?#]/.test(wanted);
  const loops = /^\/investor\/redirect(?:[/?#]|$)/.test(wanted);
  if (isSafeReturnPath(wanted) && inArea && !loops) return { to: wanted, refused: false };
  return { to: HOME, refused: true };
}

/** Navigation state of a refused mailed link: the investor home says so once on arrival. */
export interface RedirectRefusedState {
  redirectRefused: true;
}

export function redirectRefusedOf(state: unknown): boolean {
  return (
    typeof state === 'object' &&
    state !== null &&
    (state as { redirectRefused?: unknown }).redirectRefused === true
  );
}
