/** The part of the Temporal API (Chromium 144+, Firefox 139+) that names the time zone. */
interface TemporalNow {
  Now: { timeZoneId(): string };
}

/**
 * The browser's IANA time zone. Read through Temporal where the browser has it: Intl names it only
 * through a DateTimeFormat, and a tab's first one loads ICU's date data, 50–160 ms of main thread in
 * Debian's Chromium where Temporal takes half a millisecond (decision 041).
 */
export function browserTimeZone(
  runtime: { Temporal?: TemporalNow } = globalThis as { Temporal?: TemporalNow },
): string {
  return runtime.Temporal?.Now.timeZoneId() ?? Intl.DateTimeFormat().resolvedOptions().timeZone;
}
