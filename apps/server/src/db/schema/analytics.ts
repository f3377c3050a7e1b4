import { bigint, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Rollups for the staff analytics (decision 015): a count too large to take live within the
 * endpoint's budget (the 10-million-row record tables), counted by a queued job up to
 * `counted_until`. An endpoint adds the rows created since then, counted live on an index.
 */
export const analyticsCounters = pgTable('analytics_counters', {
  /** What is counted: 'voca_records', 'voca_hard_records'. */
  name: text('name').primaryKey(),
  value: bigint('value', { mode: 'number' }).notNull(),
  /** Rows created before this instant are in `value`. */
  countedUntil: timestamp('counted_until', { withTimezone: true }).notNull(),
  refreshedAt: timestamp('refreshed_at', { withTimezone: true }).notNull().defaultNow(),
});
