import type { StaticKeyItem } from '@dealflow/domain';
import type { Language } from '../../../shared/i18n/index.ts';

/** Domain keys as select options, sub-items after their parent, labelled in the given language. */
export function domainOptionsOf(items: readonly StaticKeyItem[] | undefined, language: Language) {
  const label = (i: { label_zh: string; label_en: string }) =>
    language === 'zh-TW' ? i.label_zh : i.label_en;
  return (items ?? []).flatMap((item) => [
    { value: item.key, label: label(item) },
    ...(item.sub_items ?? []).map((sub) => ({ value: sub.key, label: `${label(item)} / ${label(sub)}` })),
  ]);
}
