import { i18n, LANGUAGE_STORAGE_KEY, type Language } from '../../i18n/i18n';

export const LANGUAGES: readonly Language[] = ['en', 'ru'];

/** Switches the interface language at once and remembers it for the next visit. */
export async function switchLanguage(language: Language): Promise<void> {
  // Its strings first (a chunk of their own): should they not arrive (offline before the service
  // worker kept a copy), the page stays in the language it has rather than show bare keys.
  await i18n.loadLanguages(language);
  if (!i18n.hasResourceBundle(language, 'translation')) return;
  try {
    localStorage.setItem(LANGUAGE_STORAGE_KEY, language);
  } catch {
    // Private mode or a full storage: the switch still applies to this visit.
  }
  await i18n.changeLanguage(language);
}
