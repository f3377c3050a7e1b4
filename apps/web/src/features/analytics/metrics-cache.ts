import type { z } from 'zod';

/**
 * The dashboard's metric objects as last fetched, kept in localStorage (spec §2): painted at once
 * on the next visit while fresh ones load, and the baseline each card's change is measured from.
 */
export type MetricsGroup = 'users' | 'earnings' | 'records';

export interface StoredMetrics<T> {
  /** When they were fetched (ISO-8601). */
  at: string;
  values: T;
}

const storageKey = (group: MetricsGroup) => `vocagarden.analytics.${group}`;

/** The group's stored figures, or null when there are none or they no longer fit the contract. */
export function readStoredMetrics<T>(
  group: MetricsGroup,
  schema: z.ZodType<T>,
  storage: Pick<Storage, 'getItem'> = localStorage,
): StoredMetrics<T> | null {
  let parsed: unknown;
  try {
    parsed = JSON.parse(storage.getItem(storageKey(group)) ?? 'null');
  } catch {
    return null;
  }
  if (typeof parsed !== 'object' || parsed === null || !('at' in parsed) || !('values' in parsed)) return null;
  const at = typeof parsed.at === 'string' && !Number.isNaN(Date.parse(parsed.at)) ? parsed.at : null;
  const values = schema.safeParse(parsed.values);
  return at && values.success ? { at, values: values.data } : null;
}

export function storeMetrics<T>(
  group: MetricsGroup,
  values: T,
  at: Date,
  storage: Pick<Storage, 'setItem'> = localStorage,
): void {
  try {
    storage.setItem(storageKey(group), JSON.stringify({ at: at.toISOString(), values }));
  } catch {
    // A full or disabled storage only costs the next visit its baseline.
  }
}

/** Each numeric field's change from `previous` (0 where unchanged); none without a previous visit. */
export function metricChanges(
  current: Record<string, unknown>,
  previous: Record<string, unknown> | undefined,
): Record<string, number> {
  const changes: Record<string, number> = {};
  if (!previous) return changes;
  for (const [name, value] of Object.entries(current)) {
    const before = previous[name];
    if (typeof value === 'number' && typeof before === 'number') {
      // Percentages carry 2 decimals: round away floating-point noise (25.1 - 25 = 0.1000…01).
      changes[name] = Math.round((value - before) * 100) / 100;
    }
  }
  return changes;
}
