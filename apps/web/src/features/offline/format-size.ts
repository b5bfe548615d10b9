/** A byte count for people: "850 kB", "4.2 MB", "1.1 GB", in the UI's language. */
export function formatSize(bytes: number, locale: string): string {
  const units = [
    ['gigabyte', 1e9],
    ['megabyte', 1e6],
    ['kilobyte', 1e3],
  ] as const;
  const [unit, size] = units.find(([, value]) => bytes >= value) ?? ['byte', 1];
  return new Intl.NumberFormat(locale, { style: 'unit', unit, unitDisplay: 'short', maximumFractionDigits: 1 }).format(bytes / size);
}
