/**
 * A post's time in the viewer's locale: the browser's own locale when it speaks the app's
 * language (so en-GB keeps its day-first dates), else the app's language.
 */
export function formatPostTime(iso: string, language: string, preferred: readonly string[] = navigatorLanguages()): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  const base = language.split('-')[0];
  const locale = preferred.find((tag) => tag.split('-')[0] === base) ?? language;
  try {
    return new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' }).format(date);
  } catch {
    return date.toISOString();
  }
}

function navigatorLanguages(): readonly string[] {
  return typeof navigator === 'undefined' ? [] : navigator.languages;
}
