import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import { local, PREF_KEYS } from '../storage.ts';
import { en } from './en.ts';
import { zhTW } from './zh-TW.ts';

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

export const resources = {
  'zh-TW': { translation: zhTW },
  en: { translation: en },
} as const;

// Resources are bundled (a few kB), so initialisation is synchronous and the first render is translated.
void i18n.use(initReactI18next).init({
  resources,
  lng: storedLanguage(),
  fallbackLng: DEFAULT_LANGUAGE,
  supportedLngs: [...LANGUAGES],
  interpolation: { escapeValue: false },
  initAsync: false,
  returnNull: false,
});

export function currentLanguage(): Language {
  return isLanguage(i18n.language) ? i18n.language : DEFAULT_LANGUAGE;
}

export async function changeLanguage(language: Language): Promise<void> {
  local.setItem(PREF_KEYS.language, language);
  await i18n.changeLanguage(language);
}

export { i18n };
