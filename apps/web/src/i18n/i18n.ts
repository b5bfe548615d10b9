import i18next, { type BackendModule } from 'i18next';
import { initReactI18next } from 'react-i18next';

/**
 * Each locale is a chunk of its own, imported when it becomes the language: a visitor downloads
 * only theirs, and the other one when they switch (`changeLanguage` loads it through the backend
 * below before it switches, so no key ever shows untranslated). The long documents of the info
 * pages (about, for artists, the policies: 40 % of a locale) are a namespace of their own,
 * `documents`, loaded with those pages (app/router.tsx); once loaded, a switch loads it too.
 */
const locales = {
  translation: { en: () => import('./en.json'), ru: () => import('./ru.json') },
  documents: { en: () => import('./documents/en.json'), ru: () => import('./documents/ru.json') },
};
export type Language = keyof typeof locales.translation;
type Namespace = keyof typeof locales;

/** Russian for any ru-* browser language, English otherwise. */
export function detectLanguage(languages: readonly string[] | undefined): Language {
  const first = languages?.[0] ?? 'en';
  return first.toLowerCase().startsWith('ru') ? 'ru' : 'en';
}

/** localStorage key of the language the listener picked; it wins over the browser's. */
export const LANGUAGE_STORAGE_KEY = 'language';

export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && Object.hasOwn(locales.translation, value);
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

/** i18next's backend interface over the locale chunks (what i18next-resources-to-backend does). */
const localeChunks: BackendModule = {
  type: 'backend',
  init() {},
  read(language, namespace, callback) {
    if (!isLanguage(language) || !Object.hasOwn(locales, namespace)) return callback(new Error(`no locale ${language}/${namespace}`), false);
    locales[namespace as Namespace][language]().then(
      (locale) => callback(null, locale.default),
      (error: unknown) => callback(error instanceof Error ? error : new Error(String(error)), false),
    );
  },
};

export const i18n = i18next.createInstance();

if (typeof document !== 'undefined') {
  i18n.on('languageChanged', (language) => {
    document.documentElement.lang = language;
  });
}

/**
 * Settles once the first language's strings are in (main.tsx renders after it; the locale chunk
 * is requested at once, beside the route's own chunks). ru.json has exactly en.json's keys
 * (i18n.test.ts), so no fallback language is loaded beside the active one.
 */
export const i18nReady: Promise<unknown> = i18n
  .use(localeChunks)
  .use(initReactI18next)
  .init({
    lng: readStoredLanguage() ?? detectLanguage(browserLanguages()),
    supportedLngs: Object.keys(locales.translation),
    ns: ['translation'],
    fallbackLng: false,
    interpolation: { escapeValue: false },
    // i18next's defaults, said explicitly: then it takes every key for a path at once instead of
    // testing each one, on every t() call, for whether it reads like a sentence.
    keySeparator: '.',
    nsSeparator: ':',
    // Start reading the locale chunk now rather than on the next tick.
    initAsync: false,
  });
