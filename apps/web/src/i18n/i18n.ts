import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import en from './en.json';
import ru from './ru.json';

export const resources = { en: { translation: en }, ru: { translation: ru } } as const;
export type Language = keyof typeof resources;

/** Russian for any ru-* browser language, English otherwise. */
export function detectLanguage(languages: readonly string[] | undefined): Language {
  const first = languages?.[0] ?? 'en';
  return first.toLowerCase().startsWith('ru') ? 'ru' : 'en';
}

function browserLanguages(): readonly string[] {
  if (typeof navigator === 'undefined') return [];
  return navigator.languages?.length ? navigator.languages : [navigator.language];
}

export const i18n = i18next.createInstance();

void i18n.use(initReactI18next).init({
  resources,
  lng: detectLanguage(browserLanguages()),
  fallbackLng: 'en',
  interpolation: { escapeValue: false },
  initAsync: false,
});

if (typeof document !== 'undefined') document.documentElement.lang = i18n.language;
