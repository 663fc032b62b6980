import { z } from 'zod';
import { currencySymbol } from '../format.ts';
import { CURRENCIES, type Currency } from '../stages.ts';

/**
 * Reference data every area reads (SPEC section 7 "Static, platform, files"): the currency list,
 * the domain and industry keys (static keys) and the select options by option type.
 */

export const CurrencyInfo = z.object({
  code: z.enum(CURRENCIES),
  symbol: z.string(),
  name_zh: z.string(),
  name_en: z.string(),
});
export type CurrencyInfo = z.infer<typeof CurrencyInfo>;

const CURRENCY_NAMES: Record<Currency, { zh: string; en: string }> = {
  NTD: { zh: '新臺幣', en: 'New Taiwan dollar' },
  USD: { zh: '美元', en: 'US dollar' },
  CNY: { zh: '人民幣', en: 'Chinese yuan' },
  JPY: { zh: '日圓', en: 'Japanese yen' },
  HKD: { zh: '港幣', en: 'Hong Kong dollar' },
  SGD: { zh: '新加坡幣', en: 'Singapore dollar' },
  EUR: { zh: '歐元', en: 'Euro' },
};

/** The currencies a case may use, with the symbol money is shown with (SPEC section 9). */
export const CURRENCY_LIST: readonly CurrencyInfo[] = CURRENCIES.map((code) => ({
  code,
  symbol: currencySymbol(code),
  name_zh: CURRENCY_NAMES[code].zh,
  name_en: CURRENCY_NAMES[code].en,
}));

/** The two static key sets (SPEC section 3: "two fixed ids, one for domain and one for industry"). */
export const STATIC_KEY_TYPES = ['domain', 'industry'] as const;
export type StaticKeyType = (typeof STATIC_KEY_TYPES)[number];

/** A key as stored on cases and clients (`domain_keys`, `industry_keys`). */
const key = z
  .string()
  .regex(/^[a-z][a-z0-9_-]{0,49}$/, { message: 'A key is lower case letters, digits, - or _' });

export const StaticKeySubItem = z.object({ key, label_zh: z.string(), label_en: z.string() });
export type StaticKeySubItem = z.infer<typeof StaticKeySubItem>;
export const StaticKeyItem = StaticKeySubItem.extend({ sub_items: z.array(StaticKeySubItem).optional() });
export type StaticKeyItem = z.infer<typeof StaticKeyItem>;

/** `{fixedId}` is checked by the route so that anything else gets the SPEC message. */
export const StaticKeyParams = z.object({ fixedId: z.string() });

/** An option type is a key such as `round`; unknown types have no options. */
export const OptionsQuery = z.object({
  option_type: z
    .string()
    .trim()
    .regex(/^[a-z][a-z0-9_]{0,49}$/, { message: 'An option type is a key such as round' })
    .optional(),
});
export type OptionsQuery = z.infer<typeof OptionsQuery>;

export const OptionItem = z.object({ value: z.string(), label_zh: z.string(), label_en: z.string() });
export type OptionItem = z.infer<typeof OptionItem>;
/** The web reads `result[0].option` (SPEC section 7). */
export const OptionGroup = z.object({ option_type: z.string(), option: z.array(OptionItem) });
export type OptionGroup = z.infer<typeof OptionGroup>;

/**
 * Public platform settings the web app needs before anyone signs in (`GET /static_api/v1/platform`):
 * whether the automatic domain redirect of SPEC section 2 is on, and its two hosts.
 */
export const PlatformSettings = z.object({
  domain_redirect: z.object({
    enabled: z.boolean(),
    dashboard_host: z.string().nullable(),
    investor_host: z.string().nullable(),
  }),
  /** Google Tag Manager container id (GTM_ID), or null: no tag manager. */
  tag_manager_id: z.string().nullable(),
  /**
   * The time zone whose calendar days the reports count in (REPORT_TIME_ZONE, Asia/Taipei by
   * default): the report page's "today" and its periods are days of this zone, not the browser's.
   */
  report_time_zone: z.string(),
});
export type PlatformSettings = z.infer<typeof PlatformSettings>;
