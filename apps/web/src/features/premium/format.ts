import { isUiLanguage, PREMIUM_RESULT_PATHS, type PlanUnit, type UiLanguage } from '@vocagarden/contract';
import type { TFunction } from 'i18next';

/**
 * Browsers without CLDR data for a language (Debian's Chromium has none for Azerbaijani) format
 * it as the root locale: "2026 M11 27", "₺ 1,234.50". For those, Azerbaijani is written by hand
 * in its own conventions ("27 noyabr 2026", "1.234,50 ₺"); other languages are left to Intl.
 */
const azMonths = [
  'yanvar',
  'fevral',
  'mart',
  'aprel',
  'may',
  'iyun',
  'iyul',
  'avqust',
  'sentyabr',
  'oktyabr',
  'noyabr',
  'dekabr',
];
const localeData = new Map<string, boolean>();
function hasLocaleData(locale: string): boolean {
  let known = localeData.get(locale);
  if (known === undefined) {
    known = !/^M\d/.test(
      new Intl.DateTimeFormat(locale, { month: 'long', timeZone: 'UTC' }).format(Date.UTC(2026, 10, 15)),
    );
    localeData.set(locale, known);
  }
  return known;
}
const isAzerbaijaniWithoutData = (locale: string) => /^az\b/i.test(locale) && !hasLocaleData(locale);
/** Azerbaijani groups and separates numbers like Turkish: 13.000, 1.234,50. */
const numberLocale = (locale: string) => (isAzerbaijaniWithoutData(locale) ? 'tr' : locale);

/** Money is integer minor units (kuruş for TRY): "₺149,90" in the learner's locale. */
export function formatMoney(amount: number, currency: string, locale: string): string {
  if (isAzerbaijaniWithoutData(locale)) {
    const digits = new Intl.NumberFormat('tr', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
    const symbol = currency === 'TRY' ? '₺' : currency;
    return `${digits.format(amount / 100)}\u00a0${symbol}`;
  }
  return new Intl.NumberFormat(locale, { style: 'currency', currency, currencyDisplay: 'narrowSymbol' }).format(
    amount / 100,
  );
}

/** A date (ISO-8601) as the learner's locale writes it: "22 Kasım 2026", "November 22, 2026". */
export function formatDate(iso: string, locale: string): string {
  const date = new Date(iso);
  if (isAzerbaijaniWithoutData(locale)) {
    return `${date.getDate()} ${azMonths[date.getMonth()]} ${date.getFullYear()}`;
  }
  return new Intl.DateTimeFormat(locale, { dateStyle: 'long' }).format(date);
}

/**
 * How each interface language groups a whole number's digits, as CLDR (and so Intl) writes them:
 * 13,000 in English, 13.000 in the others; Spanish leaves four digits ungrouped (4352). The word-pack
 * sizes on the landing page are written with this rather than Intl.NumberFormat: the first Intl
 * formatter of a tab, of whatever kind, costs Chromium 60–160 ms of main thread while ICU loads its
 * data (decision 041).
 */
const DIGIT_GROUPS: Record<UiLanguage, { separator: string; minimumGrouping: number }> = {
  en: { separator: ',', minimumGrouping: 1 },
  es: { separator: '.', minimumGrouping: 2 },
  tr: { separator: '.', minimumGrouping: 1 },
  az: { separator: '.', minimumGrouping: 1 },
};

/** Other numbers: one number format per locale, since building one costs milliseconds. */
const numberFormats = new Map<string, Intl.NumberFormat>();

/** `value` as `locale` writes it: "13,000", "13.000". */
export function formatNumber(value: number, locale: string): string {
  if (isUiLanguage(locale) && Number.isSafeInteger(value) && value >= 0) {
    const groups = DIGIT_GROUPS[locale];
    const digits = String(value);
    // Grouped from the fourth digit on, or from the fifth where one digit may not stand alone.
    return digits.length < 3 + groups.minimumGrouping ? digits : digits.replace(/\B(?=(\d{3})+$)/g, groups.separator);
  }
  const key = numberLocale(locale);
  let format = numberFormats.get(key);
  if (!format) numberFormats.set(key, (format = new Intl.NumberFormat(key)));
  return format.format(value);
}

/** "1 Week" … "100 Weeks", "1 Month" … "150 Months", with the language's plural rules. */
export function unitsLabel(t: TFunction, unit: PlanUnit, units: number): string {
  return t(`premium.units.${unit}`, { count: units });
}

/**
 * A subscription's plan as the server stores it ("Month 3", "Week 1"), translated. A text that
 * does not have that shape is shown as sent rather than hidden.
 */
export function planLabel(t: TFunction, plan: string): string {
  const parsed = parsePlan(plan);
  return parsed ? unitsLabel(t, parsed.unit, parsed.units) : plan;
}

export function parsePlan(plan: string): { unit: PlanUnit; units: number } | null {
  const match = /^\s*(week|month)\s+(\d{1,4})\s*$/i.exec(plan);
  if (!match) return null;
  // The pattern admits the two units only (no Zod here: this module is part of the first page).
  const unit = match[1]!.toLowerCase() as PlanUnit;
  const units = Number(match[2]);
  return units >= 1 ? { unit, units } : null;
}

export type CheckoutTarget = { kind: 'route'; path: string } | { kind: 'external'; url: string };

/**
 * Where a checkout's `redirect_url` sends the browser: a same-origin path (the sandbox page) goes
 * through the router, an absolute https URL (iyzico's hosted form) is a full navigation. Anything
 * else (http:, javascript:, protocol-relative) is refused.
 */
export function checkoutTarget(redirectUrl: string, origin: string): CheckoutTarget | null {
  if (redirectUrl.startsWith('/') && !redirectUrl.startsWith('//') && !redirectUrl.startsWith('/\\')) {
    return { kind: 'route', path: redirectUrl };
  }
  let url: URL;
  try {
    url = new URL(redirectUrl);
  } catch {
    return null;
  }
  if (url.origin === origin) return { kind: 'route', path: url.pathname + url.search + url.hash };
  return url.protocol === 'https:' ? { kind: 'external', url: url.href } : null;
}

/** A path inside the app to come back to, never a way off the site. */
export function safeReturnPath(path: string | null | undefined): string | null {
  if (!path || !path.startsWith('/') || path.startsWith('//') || path.startsWith('/\\')) return null;
  if (path.startsWith('/premium/') || path.startsWith('/login') || path.startsWith('/signup')) return null;
  return path;
}

/** An order id from the address (`?order=12`, `/premium/sandbox/12`), or null if it is not one. */
export function parseOrderId(value: string | null | undefined): number | null {
  if (!value || !/^[1-9]\d{0,9}$/.test(value)) return null;
  const id = Number(value);
  return id <= 2 ** 31 - 1 ? id : null;
}

/** A payment's result page for an order: `/premium/success?order=12`, `/premium/error?order=12`. */
export function resultPath(outcome: keyof typeof PREMIUM_RESULT_PATHS, orderId: number): string {
  return `${PREMIUM_RESULT_PATHS[outcome]}?order=${orderId}`;
}
