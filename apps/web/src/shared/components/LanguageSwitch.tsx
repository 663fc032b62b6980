import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { changeLanguage, isLanguage, type Language, LANGUAGES } from '../i18n/index.ts';
import './languageSwitch.css';

const SHORT: Record<Language, string> = { 'zh-TW': '繁中', en: 'EN' };

/**
 * Language choice (remembered in localStorage): two options, so a segmented switch shows both at
 * once. Two radio buttons drawn like antd's small Segmented (languageSwitch.css): every page's header
 * has it, and antd's Segmented with its motion was ≈ 3.5 kB gzip of every first load.
 */
export function LanguageSwitch() {
  const { t, i18n } = useTranslation();
  const name = useId();
  const current: Language = isLanguage(i18n.language) ? i18n.language : 'zh-TW';
  return (
    <div className="language-switch" role="radiogroup" aria-label={t('common.language')}>
      {LANGUAGES.map((lng) => (
        <label
          key={lng}
          className={
            lng === current
              ? 'language-switch__item language-switch__item--selected'
              : 'language-switch__item'
          }
        >
          <input
            type="radio"
            className="language-switch__input"
            name={name}
            value={lng}
            checked={lng === current}
            onChange={() => void changeLanguage(lng)}
          />
          <span lang={lng} title={t(`language.${lng}`)}>
            {SHORT[lng]}
          </span>
        </label>
      ))}
    </div>
  );
}
