import { sql } from 'drizzle-orm';
import { queryRows, type Executor } from '../../db/client.ts';
import {
  bulletins,
  studySessions,
  vocaCategories,
  vocaHardRecords,
  vocaRecords,
  vocas,
  wordPractice,
} from '../../db/schema.ts';

/** The figures of the home dashboard, each one query over indexed columns. */
export function homeRepository(db: Executor) {
  return {
    async levelProgress(userId: number) {
      return queryRows<{ level: string; known: number; proven: number; total: number }>(
        db,
        sql`SELECT v.level,
                   count(r.id)::int AS known,
                   count(p.proven_at)::int AS proven,
                   count(*)::int AS total
            FROM ${vocas} v
            LEFT JOIN ${vocaRecords} r ON r.voca_id = v.id AND r.user_id = ${userId}
            LEFT JOIN ${wordPractice} p ON p.voca_id = v.id AND p.user_id = ${userId}
            GROUP BY v.level
            ORDER BY v.level`,
      );
    },

    async totals(userId: number) {
      const [row] = await queryRows<{ learned: number; difficult: number; proven: number }>(
        db,
        sql`SELECT (SELECT count(*)::int FROM ${vocaRecords} WHERE user_id = ${userId}) AS learned,
                   (SELECT count(*)::int FROM ${vocaHardRecords} WHERE user_id = ${userId}) AS difficult,
                   (SELECT count(proven_at)::int FROM ${wordPractice} WHERE user_id = ${userId}) AS proven`,
      );
      return row!;
    },

    /** Distinct local dates (in the learner's time zone) with a finished session, newest first. */
    async studyDays(userId: number, timeZone: string): Promise<string[]> {
      const rows = await queryRows<{ day: string }>(
        db,
        sql`SELECT DISTINCT to_char(finished_at AT TIME ZONE ${timeZone}, 'YYYY-MM-DD') AS day
            FROM ${studySessions}
            WHERE user_id = ${userId}
            ORDER BY day DESC
            LIMIT 400`,
      );
      return rows.map((row) => row.day);
    },

    /**
     * The first official list, in level, category and list order, at `fromLevel` or above, that
     * the learner may open (premium lists only with `premiumLists`) and has not finished: some of
     * its words are not among their known words. CEFR codes sort as text (A1 < A2 < … < C2).
     */
    async suggestedList(userId: number, fromLevel: string, premiumLists: boolean) {
      const [row] = await queryRows<{
        id: number;
        title: string;
        title_translations: Record<string, string> | null;
        level: string;
        quantity: number;
        known: number;
      }>(
        db,
        sql`SELECT b.id, b.title, b.title_translations, c.level, cardinality(b.word_ids) AS quantity, k.known
            FROM ${bulletins} b
            JOIN ${vocaCategories} c ON c.id = b.category_id
            CROSS JOIN LATERAL (
              SELECT count(*)::int AS known FROM ${vocaRecords} r
              WHERE r.user_id = ${userId} AND r.voca_id = ANY (b.word_ids)
            ) k
            WHERE c.level >= ${fromLevel}
              AND (${premiumLists} OR NOT b.is_premium)
              AND k.known < cardinality(b.word_ids)
            ORDER BY c.level, c."order", b."order", b.id
            LIMIT 1`,
      );
      return row;
    },

    async lastList(userId: number) {
      const [row] = await queryRows<{ id: number; title: string; title_translations: Record<string, string> | null }>(
        db,
        sql`SELECT b.id, b.title, b.title_translations
            FROM ${studySessions} s JOIN ${bulletins} b ON b.id = s.bulletin_id
            WHERE s.user_id = ${userId}
            ORDER BY s.finished_at DESC
            LIMIT 1`,
      );
      return row;
    },
  };
}

/** Days in a row with a finished session, ending today or yesterday (today may still come). */
export function streakLength(days: string[], today: string): number {
  const dayBefore = (day: string) => {
    const date = new Date(`${day}T12:00:00Z`);
    date.setUTCDate(date.getUTCDate() - 1);
    return date.toISOString().slice(0, 10);
  };
  const studied = new Set(days);
  let cursor = studied.has(today) ? today : dayBefore(today);
  let streak = 0;
  while (studied.has(cursor)) {
    streak += 1;
    cursor = dayBefore(cursor);
  }
  return streak;
}

/** The calendar date of `at` in an IANA time zone, as YYYY-MM-DD. */
export function localDate(at: Date, timeZone: string): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(at);
}
