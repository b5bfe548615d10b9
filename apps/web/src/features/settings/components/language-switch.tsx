import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { isLanguage } from '../../../i18n/i18n';
import { LANGUAGES, switchLanguage } from '../language';
import './settings.css';

/** English/Russian, applied without a reload and remembered in localStorage. */
export function LanguageSwitch() {
  const { t, i18n } = useTranslation();
  const id = useId();
  const current = isLanguage(i18n.resolvedLanguage) ? i18n.resolvedLanguage : 'en';
  return (
    <div className="language-switch">
      <label htmlFor={id} className="language-switch__label">
        {t('settings.language')}
      </label>
      <select
        id={id}
        className="input language-switch__select"
        value={current}
        onChange={(event) => {
          const value = event.currentTarget.value;
          if (isLanguage(value)) void switchLanguage(value);
        }}
      >
        {LANGUAGES.map((language) => (
          <option key={language} value={language}>
            {t(`settings.${language}`)}
          </option>
        ))}
      </select>
    </div>
  );
}
