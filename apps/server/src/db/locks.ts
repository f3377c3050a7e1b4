import { sql } from 'drizzle-orm';
import type { Executor } from './client.ts';

/**
 * Advisory lock classes (the first key of pg_advisory_xact_lock). Each names what one holder
 * changes at a time; the second key is the id of the user or object.
 */
const lockClasses = {
  migrations: 727_100_001,
  /** A learner's marks and review answers: known/challenging cannot both win, no answer is lost. */
  learnerProgress: 727_100_002,
  /** A learner's personal lists while counting them against the plan's limit. */
  personalLists: 727_100_003,
  /** The set of lists a classroom shares. */
  classroomShares: 727_100_004,
  /** A learner's premium orders while one is granted: subscriptions chain end to start, each order pays once. */
  premiumPurchases: 727_100_005,
  /** The bundled vocabulary import at start: instances starting together import it once (id 0). */
  contentImport: 727_100_006,
} as const;

export type LockClass = keyof typeof lockClasses;

export const MIGRATION_LOCK_ID = lockClasses.migrations;

/** The first key of a lock class, for SQL functions that take the lock themselves (mark_words). */
export const lockClassKey = (lockClass: LockClass): number => lockClasses[lockClass];

/**
 * Holds the lock until the surrounding transaction ends: concurrent holders of the same
 * (class, id) run one after another, so read-then-write rules hold under races.
 */
export async function lockForTransaction(tx: Executor, lockClass: LockClass, id: number): Promise<void> {
  await tx.execute(sql`SELECT pg_advisory_xact_lock(${lockClasses[lockClass]}, ${id})`);
}
