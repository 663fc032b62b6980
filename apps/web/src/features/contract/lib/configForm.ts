import {
  type CaseContractOverride,
  type ClauseTexts,
  CONTRACT_LANGS,
  type ContractConfig,
  type FundNoticeFigures,
} from '@dealflow/domain';

/** The fund notice figures in the order the form shows them. */
export const FIGURE_KEYS = [
  'management_fee_percent',
  'term_years',
  'extension_years',
  'extension_count',
  'admin_reserve_amount',
  'admin_reserve_percent',
  'performance_bonus_percent',
] as const satisfies ReadonlyArray<keyof FundNoticeFigures>;
export type FigureKey = (typeof FIGURE_KEYS)[number];

type LangTexts = { 'zh-TW'?: string; en?: string };

/** The form's values: every figure (null: not set, in a case: the default applies) and clause texts by key. */
export interface ConfigFormValues {
  party?: ContractConfig['party'];
  arbitration_city?: ContractConfig['arbitration_city'];
  figures: Partial<Record<FigureKey, number | null>>;
  texts: Record<string, LangTexts>;
}

/** Only the texts someone wrote (a blank text is the default). */
export function writtenTexts(texts: Record<string, LangTexts> | undefined): ClauseTexts {
  const out: ClauseTexts = {};
  for (const [key, byLang] of Object.entries(texts ?? {})) {
    const kept: LangTexts = {};
    for (const lang of CONTRACT_LANGS) {
      const text = byLang?.[lang];
      if (text?.trim()) kept[lang] = text;
    }
    if (Object.keys(kept).length > 0) out[key] = kept;
  }
  return out;
}

export function defaultFormValues(config: ContractConfig): ConfigFormValues {
  return {
    party: { ...config.party },
    arbitration_city: { ...config.arbitration_city },
    figures: { ...config.figures },
    texts: structuredClone(config.texts),
  };
}

export function caseFormValues(override: CaseContractOverride): ConfigFormValues {
  return { figures: { ...override.figures }, texts: structuredClone(override.texts ?? {}) };
}

/** The default configuration the form describes (figures left empty stay empty: the schema refuses them). */
export function defaultBody(values: ConfigFormValues): ContractConfig {
  const trim = (v: string | undefined) => (v ?? '').trim();
  return {
    party: {
      name: trim(values.party?.name),
      representative: trim(values.party?.representative),
      address: trim(values.party?.address),
    },
    arbitration_city: {
      'zh-TW': trim(values.arbitration_city?.['zh-TW']),
      en: trim(values.arbitration_city?.en),
    },
    figures: Object.fromEntries(
      FIGURE_KEYS.map((k) => [k, values.figures?.[k] ?? null]),
    ) as FundNoticeFigures,
    texts: writtenTexts(values.texts),
  };
}

/** What a case changes: the figures given and the texts written. */
export function caseBody(values: ConfigFormValues): CaseContractOverride {
  const figures: Partial<FundNoticeFigures> = {};
  for (const key of FIGURE_KEYS) {
    const v = values.figures?.[key];
    if (v !== null && v !== undefined) figures[key] = v;
  }
  const texts = writtenTexts(values.texts);
  return {
    ...(Object.keys(figures).length > 0 ? { figures } : {}),
    ...(Object.keys(texts).length > 0 ? { texts } : {}),
  };
}

/** Key order does not matter: compare as sorted JSON. */
export function sameConfig(a: unknown, b: unknown): boolean {
  const canonical = (v: unknown): unknown => {
    if (Array.isArray(v)) return v.map(canonical);
    if (v && typeof v === 'object')
      return Object.fromEntries(
        Object.keys(v)
          .sort()
          .map((k) => [k, canonical((v as Record<string, unknown>)[k])]),
      );
    return v;
  };
  return JSON.stringify(canonical(a)) === JSON.stringify(canonical(b));
}
