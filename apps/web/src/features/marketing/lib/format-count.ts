/** The group separator of each language the landing speaks, as Intl.NumberFormat writes it. */
const SEPARATORS: Record<string, string> = { en: ',', ru: '\u00a0' };

/**
 * A whole count with its digits grouped by three ("12,345"; "12 345" in Russian): the strings
 * Intl.NumberFormat gives for the landing's languages, without its first use on the page, which
 * loads ICU's number data (~30 ms on a phone: a long task of its own when the figures arrive).
 * Any other language, or a number that is not a whole count, goes to Intl.
 */
export function formatCount(value: number, language: string): string {
  const separator = SEPARATORS[language.split('-')[0]!.toLowerCase()];
  if (separator === undefined || !Number.isSafeInteger(value) || value < 0) return new Intl.NumberFormat(language).format(value);
  return String(value).replace(/\B(?=(\d{3})+(?!\d))/g, separator);
}
