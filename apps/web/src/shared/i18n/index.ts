import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import { local, PREF_KEYS } from '../storage.ts';

export const LANGUAGES = ['zh-TW', 'en'] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = 'zh-TW';

export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);
}

export function storedLanguage(): Language {
  const value = local.getItem(PREF_KEYS.language);
  return isLanguage(value) ? value : DEFAULT_LANGUAGE;
}

// Each language is a chunk of its own, loaded before the first render: a visitor downloads the words
// of the language they read (Traditional Chinese by default) and not the other one's. The staff's
// words (the dashboard, the startup area) are a second pack, loaded with those areas (`loadWords`).
export type WordPack = 'core' | 'staff';
const LOADERS: Record<WordPack, Record<Language, () => Promise<object>>> = {
  core: {
    'zh-TW': () => import('./zh-TW.ts').then((m) => m.zhTW),
    en: () => import('./en.ts').then((m) => m.en),
  },
  staff: {
    'zh-TW': () => import('./staff.zh-TW.ts').then((m) => m.staffZhTW),
    en: () => import('./staff.en.ts').then((m) => m.staffEn),
  },
};

/** Adds a pack of a language's words to i18next, once; later calls wait for the same load. */
const loading = new Map<string, Promise<void>>();
export function loadLanguage(language: Language, pack: WordPack = 'core'): Promise<void> {
  const key = `${pack}:${language}`;
  let pending = loading.get(key);
  if (!pending) {
    pending = LOADERS[pack][language]().then((translation) => {
      i18n.addResourceBundle(language, 'translation', translation, true, true);
    });
    // A failed load (a dropped connection) may be tried again.
    pending.catch(() => loading.delete(key));
    loading.set(key, pending);
  }
  return pending;
}

/** The packs asked for so far: a change of language loads them in the new language too. */
const wanted = new Set<WordPack>(['core']);

/** The languages a reader of `language` needs: it, and the fallback for any key it lacks. */
function withFallback(language: Language): Language[] {
  return language === DEFAULT_LANGUAGE ? [language] : [language, DEFAULT_LANGUAGE];
}

void i18n.use(initReactI18next).init({
  resources: {},
  partialBundledLanguages: true,
  lng: storedLanguage(),
  fallbackLng: DEFAULT_LANGUAGE,
  supportedLngs: [...LANGUAGES],
  interpolation: { escapeValue: false },
  initAsync: false,
  returnNull: false,
});

/** Resolves once the stored language's words are there: main.tsx renders after it. */
export const i18nReady: Promise<void> = Promise.all(
  withFallback(storedLanguage()).map((language) => loadLanguage(language)),
).then(() => undefined);

/** Loads a pack of words in the reader's language (and its fallback), and in any language chosen later. */
export function loadWords(pack: WordPack): Promise<void> {
  wanted.add(pack);
  return Promise.all(withFallback(currentLanguage()).map((language) => loadLanguage(language, pack))).then(
    () => undefined,
  );
}

export function currentLanguage(): Language {
  return isLanguage(i18n.language) ? i18n.language : DEFAULT_LANGUAGE;
}

export async function changeLanguage(language: Language): Promise<void> {
  await Promise.all(
    withFallback(language).flatMap((lng) => [...wanted].map((pack) => loadLanguage(lng, pack))),
  );
  local.setItem(PREF_KEYS.language, language);
  await i18n.changeLanguage(language);
}

export { i18n };
