const UNITS = [
  ['gigabyte', 1e9],
  ['megabyte', 1e6],
  ['kilobyte', 1e3],
] as const;

/**
 * A byte count for people, in the UI's language: "0 bytes", "1 byte", "850 bytes", "850 kB",
 * "4.2 MB", "1.1 GB" ("0 байт", "2 байта", "4,2 МБ"). Bytes are spelt out, because their short
 * form has no plural in English ("0 byte") and is a bare "Б" in Russian; larger units are short.
 */
export function formatSize(bytes: number, locale: string): string {
  const [unit, size] = UNITS.find(([, value]) => bytes >= value) ?? (['byte', 1] as const);
  return new Intl.NumberFormat(locale, {
    style: 'unit',
    unit,
    unitDisplay: unit === 'byte' ? 'long' : 'short',
    maximumFractionDigits: unit === 'byte' ? 0 : 1,
  }).format(bytes / size);
}
