import type { ClientDuplicate } from '@dealflow/domain';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useDebouncedValue } from '../../../shared/hooks/useDebouncedValue.ts';
import { clientPageKeys, fetchClientDuplicates } from '../api/clientApi.ts';
import { PHONE_PATTERN } from '../lib/profileRules.ts';

export type DuplicateField = 'email' | 'phone';

/** Typing must pause this long before a value is looked up (a blur looks it up at once). */
export const DUPLICATE_DEBOUNCE_MS = 500;

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** The value as the server compares it, or null when it is not worth asking about. */
export function normalizedFor(field: DuplicateField, raw: string | null | undefined): string | null {
  const value = (raw ?? '').trim();
  if (field === 'email') return EMAIL.test(value) ? value.toLowerCase() : null;
  // A phone is looked up once it has enough digits to belong to someone.
  return PHONE_PATTERN.test(value) && value.replace(/\D/g, '').length >= 6 ? value : null;
}

const queryOf = (field: DuplicateField, value: string) =>
  field === 'email' ? { email: value } : { phone: value };

/**
 * Who already holds this email or phone, looked up before saving: on blur at once, while typing
 * once the typing pauses. `ensure` answers for a value on submit (from the cache when known).
 */
export function useDuplicateCheck(field: DuplicateField, raw: string | null | undefined) {
  const queryClient = useQueryClient();
  const current = normalizedFor(field, raw);
  const settled = useDebouncedValue(current, DUPLICATE_DEBOUNCE_MS);
  const [asked, setAsked] = useState<string | null>(null);
  useEffect(() => {
    setAsked(settled);
  }, [settled]);
  const check = useQuery({
    queryKey: clientPageKeys.duplicates(queryOf(field, asked ?? '')),
    queryFn: ({ signal }) => fetchClientDuplicates(queryOf(field, asked ?? ''), signal),
    enabled: asked !== null,
    staleTime: 30_000,
    retry: false,
  });
  const forCurrent = asked !== null && asked === current;
  return {
    /** Records holding the value now in the field (none while it is being looked up). */
    hits: forCurrent ? (check.data ?? []) : [],
    failed: forCurrent && check.isError,
    /** Looks the value in the field up now (the field lost focus). */
    checkNow: () => setAsked(current),
    /** Whether this value's answer is already known (shown) without asking again. */
    known: (value: string) =>
      queryClient.getQueryData(clientPageKeys.duplicates(queryOf(field, value))) !== undefined,
    ensure: (value: string): Promise<ClientDuplicate[]> =>
      queryClient.fetchQuery({
        queryKey: clientPageKeys.duplicates(queryOf(field, value)),
        queryFn: ({ signal }) => fetchClientDuplicates(queryOf(field, value), signal),
        staleTime: 30_000,
      }),
  };
}
