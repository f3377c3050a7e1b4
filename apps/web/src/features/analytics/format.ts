import { formatMoney } from '../premium/index.ts';

/**
 * The staff area writes dates, numbers and money the Turkish way in every interface language
 * (spec §2: "Dates use Turkish locale formatting"; the sales balance shows ₺), so figures read the
 * same to every staff member and match the business's books.
 */
export const STAFF_LOCALE = 'tr-TR';

const dateTime = new Intl.DateTimeFormat(STAFF_LOCALE, { dateStyle: 'medium', timeStyle: 'short' });
const dayMonth = new Intl.DateTimeFormat(STAFF_LOCALE, { day: 'numeric', month: 'short', timeZone: 'UTC' });
const monthYear = new Intl.DateTimeFormat(STAFF_LOCALE, { month: 'short', year: 'numeric', timeZone: 'UTC' });
const integer = new Intl.NumberFormat(STAFF_LOCALE);
const percent = new Intl.NumberFormat(STAFF_LOCALE, {
  style: 'percent',
  minimumFractionDigits: 2,
  maximumFractionDigits: 2,
});

/** "22 Kas 2026 14:05" in the staff member's time zone; null when there is no date. */
export function formatStaffDateTime(iso: string | null): string | null {
  return iso === null ? null : dateTime.format(new Date(iso));
}

/** A calendar day of the analytics ("2026-11-22") as "22 Kas". */
export function formatStaffDay(day: string): string {
  return dayMonth.format(new Date(`${day}T00:00:00Z`));
}

/** A calendar month of the analytics ("2026-11") as "Kas 2026". */
export function formatStaffMonth(month: string): string {
  return monthYear.format(new Date(`${month}-01T00:00:00Z`));
}

export function formatStaffNumber(value: number): string {
  return integer.format(value);
}

/** A percentage the API gives as 0–100 with 2 decimals: 25 → "%25,00". */
export function formatStaffPercent(value: number): string {
  return percent.format(value / 100);
}

/** Kuruş as lira: 399000 → "₺3.990,00". */
export function formatStaffMoney(amount: number, currency: string): string {
  return formatMoney(amount, currency, STAFF_LOCALE);
}

/** How a metric is written: a count, a percentage or money. */
export type MetricFormat = 'count' | 'percent' | 'money';

export function formatMetric(value: number, format: MetricFormat, currency: string): string {
  if (format === 'percent') return formatStaffPercent(value);
  if (format === 'money') return formatStaffMoney(value, currency);
  return formatStaffNumber(value);
}

/** A change since the last visit, always signed: "+3", "−₺39,90", "+%0,50"; null for no change. */
export function formatMetricChange(change: number, format: MetricFormat, currency: string): string | null {
  if (change === 0) return null;
  const size = formatMetric(Math.abs(change), format, currency);
  return `${change > 0 ? '+' : '−'}${size}`;
}
