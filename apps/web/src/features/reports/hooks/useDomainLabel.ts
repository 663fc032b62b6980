import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { currentLanguage } from '../../../shared/i18n/index.ts';
import { keyOptionsOf, useStaticKeys } from '../../../shared/reference/referenceApi.ts';

/** A domain key by its label in the UI language (the static keys); an unknown key as it is. */
export function useDomainLabel(): (key: string) => string {
  const { i18n } = useTranslation();
  const domains = useStaticKeys('domain');
  // biome-ignore lint/correctness/useExhaustiveDependencies: labels follow the language
  return useMemo(() => {
    const labels = new Map(keyOptionsOf(domains.data, currentLanguage()).map((o) => [o.value, o.label]));
    return (key: string) => labels.get(key) ?? key;
  }, [domains.data, i18n.language]);
}
