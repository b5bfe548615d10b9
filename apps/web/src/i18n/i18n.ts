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

/** localStorage key of the language the listener picked; it wins over the browser's. */
export const LANGUAGE_STORAGE_KEY = 'language';

export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && Object.hasOwn(resources, value);
}

export function readStoredLanguage(): Language | null {
  try {
    const value = typeof localStorage === 'undefined' ? null : localStorage.getItem(LANGUAGE_STORAGE_KEY);
    return isLanguage(value) ? value : null;
  } catch {
    return null;
  }
}

function browserLanguages(): readonly string[] {
  if (typeof navigator === 'undefined') return [];
  return navigator.languages?.length ? navigator.languages : [navigator.language];
}

export const i18n = i18next.createInstance();

void i18n.use(initReactI18next).init({
  resources,
  lng: readStoredLanguage() ?? detectLanguage(browserLanguages()),
  fallbackLng: 'en',
  interpolation: { escapeValue: false },
  initAsync: false,
});

if (typeof document !== 'undefined') {
  document.documentElement.lang = i18n.language;
  i18n.on('languageChanged', (language) => {
    document.documentElement.lang = language;
  });
}
