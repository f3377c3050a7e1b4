import type { PlanUnit } from '@vocagarden/contract';

const DAY_MS = 24 * 60 * 60 * 1000;

/** The plan-ending reminder goes out this long before premium ends. */
export const REMINDER_LEAD_MS = 3 * DAY_MS;

/**
 * When a plan bought at `start` ends: whole weeks of 7 days, or calendar months in UTC, where a day
 * the target month lacks becomes its last day (31 January + 1 month = 28 or 29 February).
 */
export function planEnd(start: Date, unit: PlanUnit, units: number): Date {
  if (unit === 'week') return new Date(start.getTime() + units * 7 * DAY_MS);
  const year = start.getUTCFullYear();
  const month = start.getUTCMonth() + units;
  const lastDay = new Date(Date.UTC(year, month + 1, 0)).getUTCDate();
  const end = new Date(start.getTime());
  end.setUTCFullYear(year, month, Math.min(start.getUTCDate(), lastDay));
  return end;
}

/** The subscription's plan as stored and shown (the web translates it): "Week 1", "Month 3". */
export function planLabel(unit: PlanUnit, units: number): string {
  return `${unit === 'week' ? 'Week' : 'Month'} ${units}`;
}

/** A later start wins: a new plan begins when the current run of plans ends, or now. */
export function planStart(now: Date, currentEnd: Date | null): Date {
  return currentEnd && currentEnd > now ? currentEnd : now;
}
