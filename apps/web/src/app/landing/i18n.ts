import i18next, { type i18n as I18n } from 'i18next';
import { initReactI18next } from 'react-i18next';
import en from './messages-en';

/**
 * i18n for the landing's own entry: only the landing's strings, only the visitor's language (the
 * Russian ones are a chunk of their own, loaded for a Russian visitor only). The language is
 * picked as the app picks it (src/i18n/i18n.ts, which loads the SPA's whole locale, so it is not
 * imported here): the listener's stored choice, else Russian for a ru-* browser, else English.
 */
export type LandingLanguage = 'en' | 'ru';
export type LandingMessages = typeof en;

/** The app's LANGUAGE_STORAGE_KEY (src/i18n/i18n.ts), written by the settings' language switch. */
const LANGUAGE_STORAGE_KEY = 'language';

export function landingLanguage(): LandingLanguage {
  try {
    const stored = localStorage.getItem(LANGUAGE_STORAGE_KEY);
    if (stored === 'en' || stored === 'ru') return stored;
  } catch {
    // No storage (private mode): the browser's language decides.
  }
  const first = navigator.languages?.[0] ?? navigator.language ?? 'en';
  return first.toLowerCase().startsWith('ru') ? 'ru' : 'en';
}

export async function loadMessages(language: LandingLanguage): Promise<LandingMessages> {
  return language === 'ru' ? (await import('./messages-ru')).default : en;
}

export function createLandingI18n(language: LandingLanguage, messages: LandingMessages): I18n {
  const instance = i18next.createInstance();
  void instance.use(initReactI18next).init({
    resources: { [language]: { translation: messages } },
    lng: language,
    fallbackLng: false,
    interpolation: { escapeValue: false },
    initAsync: false,
  });
  return instance;
}
