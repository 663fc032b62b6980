import { useState } from 'react';
import { local, PREF_KEYS } from '../../../shared/storage.ts';
import type { LoginKind } from '../components/LoginKindSwitch.tsx';

const isLoginKind = (value: unknown): value is LoginKind => value === 'investor' || value === 'local';

/**
 * The remembered choice between investor and startup sign-in. A redirect into one area picks that
 * area, since only its sign-in can open the page.
 */
export function useLoginKind(redirect: string | null): [LoginKind, (kind: LoginKind) => void] {
  const [kind, setKind] = useState<LoginKind>(() => {
    if (redirect?.startsWith('/investor')) return 'investor';
    if (redirect?.startsWith('/startup')) return 'local';
    const stored = local.getItem(PREF_KEYS.loginKind);
    return isLoginKind(stored) ? stored : 'investor';
  });
  return [
    kind,
    (next) => {
      local.setItem(PREF_KEYS.loginKind, next);
      setKind(next);
    },
  ];
}
