import { CONTRACT_LANGS, type ContractLang, TEMPLATE_CLAUSES } from '@dealflow/domain';
import type { TFunction } from 'i18next';
import { FIGURE_KEYS, type FigureKey } from './configForm.ts';

/**
 * A contract configuration field of the history as people read it:
 * `figures.management_fee_percent` → 管理費（每年，認購總額 %）, `texts.nda.return.en` → 保密協議・資料返還（English）.
 * Null for a name that is neither (the caller falls back to its generic word).
 */
export function contractFieldLabel(field: string, t: TFunction, lang: ContractLang): string | null {
  if (field.startsWith('figures.')) {
    const key = field.slice('figures.'.length);
    return (FIGURE_KEYS as readonly string[]).includes(key)
      ? t(`contract.figures.${key as FigureKey}`)
      : null;
  }
  if (!field.startsWith('texts.')) return null;
  const rest = field.slice('texts.'.length);
  const last = rest.slice(rest.lastIndexOf('.') + 1);
  const textLang = (CONTRACT_LANGS as readonly string[]).includes(last) ? (last as ContractLang) : null;
  const clause = TEMPLATE_CLAUSES.get(textLang ? rest.slice(0, rest.lastIndexOf('.')) : rest);
  if (!clause) return null;
  const heading = clause.heading[lang] || t('contract.opening');
  const name = `${t(`contract.kinds.${clause.kind}`)}・${heading}`;
  return textLang ? `${name}（${t(`contract.langs.${textLang}`)}）` : name;
}
