import { DASHBOARD_RANGES } from '@platter/shared/constants';

export type DashboardRange = (typeof DASHBOARD_RANGES)[number];
export const DEFAULT_RANGE: DashboardRange = 30;

/** `?days=` of the dashboard: one of the ranges the server knows, else the default. */
export function parseRange(value: string | null): DashboardRange {
  const days = Number(value);
  return (DASHBOARD_RANGES as readonly number[]).includes(days) ? (days as DashboardRange) : DEFAULT_RANGE;
}

/**
 * A `YYYY-MM-DD` day of the dashboard in the viewer's language. The server counts days in UTC,
 * so the day is formatted in UTC too (else a viewer west of Greenwich would see the day before).
 */
export function formatDay(date: string, locale: string, style: 'short' | 'long'): string {
  const options: Intl.DateTimeFormatOptions =
    style === 'short' ? { month: 'short', day: 'numeric', timeZone: 'UTC' } : { dateStyle: 'medium', timeZone: 'UTC' };
  return new Intl.DateTimeFormat(locale, options).format(new Date(`${date}T00:00:00Z`));
}

/** A moment (ISO timestamp) in the viewer's language and time zone. */
export function formatMoment(iso: string, locale: string): string {
  return new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(iso));
}
