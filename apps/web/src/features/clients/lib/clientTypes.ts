import { i18n } from '../../../shared/i18n/index.ts';

/**
 * The investor types the firm uses (SPEC section 3: "Lead Angel is a type"), as stored, with the
 * key of their name. `type` stays free text on the server: a value not listed here reads as typed.
 */
export const CLIENT_TYPES = [
  ['Angel', 'angel'],
  ['Lead Angel', 'lead_angel'],
  ['CVC', 'cvc'],
  ['LP', 'lp'],
  ['Family Office', 'family_office'],
] as const;

type TypeKey = (typeof CLIENT_TYPES)[number][1];

/** An investor type as people read it in the current language; an unlisted one as typed. */
export function clientTypeLabel(value: string | null | undefined): string {
  if (!value) return i18n.t('common.none');
  const key: TypeKey | undefined = CLIENT_TYPES.find(([stored]) => stored === value)?.[1];
  return key ? i18n.t(`clientList.types.${key}`) : value;
}

/** The listed types as select options. */
export function clientTypeOptions(): { value: string; label: string }[] {
  return CLIENT_TYPES.map(([value]) => ({ value, label: clientTypeLabel(value) }));
}
