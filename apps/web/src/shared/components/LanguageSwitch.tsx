import { Segmented } from 'antd';
import { useTranslation } from 'react-i18next';
import { changeLanguage, isLanguage, type Language, LANGUAGES } from '../i18n/index.ts';

const SHORT: Record<Language, string> = { 'zh-TW': '繁中', en: 'EN' };

/**
 * Language choice (remembered in localStorage): two options, so a segmented switch shows both at
 * once and stays light enough for the login page.
 */
export function LanguageSwitch() {
  const { t, i18n } = useTranslation();
  return (
    <Segmented<Language>
      size="small"
      aria-label={t('common.language')}
      value={isLanguage(i18n.language) ? i18n.language : 'zh-TW'}
      onChange={(value) => void changeLanguage(value)}
      options={LANGUAGES.map((lng) => ({
        value: lng,
        label: (
          <span lang={lng} title={t(`language.${lng}`)}>
            {SHORT[lng]}
          </span>
        ),
      }))}
    />
  );
}
