import type { StaffAssignment, StaffDirectoryEntry, StaticKeyItem, StaticKeyType } from '@dealflow/domain';
import { useQuery } from '@tanstack/react-query';
import { api } from '../api/index.ts';
import type { Language } from '../i18n/index.ts';

interface Data<T> {
  data: T;
}
interface ListPage<T> {
  result: T[];
  count: number;
}

/** Reference data every feature reads (colleagues, domain and industry keys), cached once. */
export const referenceKeys = {
  directory: ['employees', 'directory'] as const,
  staticKeys: (type: StaticKeyType) => ['static', 'keys', type] as const,
};

/**
 * Active colleagues for a picker. `assignable` asks only for those who can take that work, by the
 * rule the server checks (canBeAssigned), so a picker never offers someone the server refuses.
 */
export function useStaffDirectory(assignable?: StaffAssignment) {
  return useQuery({
    queryKey: [...referenceKeys.directory, assignable ?? 'all'],
    queryFn: async () =>
      (
        await api.get<Data<ListPage<StaffDirectoryEntry>>>('/api/internal/v1/employees/directory', {
          query: assignable ? { assignable } : {},
        })
      ).data.result,
    staleTime: 5 * 60_000,
  });
}

/** Domain or industry keys with their labels (reference data: fetched once a session). */
export function useStaticKeys(type: StaticKeyType) {
  return useQuery({
    queryKey: referenceKeys.staticKeys(type),
    queryFn: async () =>
      (await api.get<Data<ListPage<StaticKeyItem>>>(`/static_api/v1/staticKey/${type}`)).data.result,
    staleTime: Number.POSITIVE_INFINITY,
  });
}

/** Domain or industry keys as select options, sub-items after their parent, in the given language. */
export function keyOptionsOf(items: readonly StaticKeyItem[] | undefined, language: Language) {
  const label = (i: { label_zh: string; label_en: string }) =>
    language === 'zh-TW' ? i.label_zh : i.label_en;
  return (items ?? []).flatMap((item) => [
    { value: item.key, label: label(item) },
    ...(item.sub_items ?? []).map((sub) => ({ value: sub.key, label: `${label(item)} / ${label(sub)}` })),
  ]);
}
