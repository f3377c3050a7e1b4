import { sql, type SQL } from 'drizzle-orm';
import { queryRows, type Executor } from '../../db/client.ts';
import type { IssueReportRow } from '../feedback/feedback.repository.ts';

/**
 * The staff analytics' SQL (decision 015): every figure is one set-based statement over indexed
 * columns. Counts come back as int4 and sums as float8, which both drivers hand over as numbers;
 * times as timestamptz (a Date from node-postgres and from PGlite).
 */

/** Calendar boundaries in the analytics time zone, as instants. */
export interface Calendar {
  now: Date;
  dayStart: Date;
  dayEnd: Date;
  monthStart: Date;
  monthEnd: Date;
}

/** The record tables whose totals are rolled up (analytics_counters), and their names there. */
export const COUNTED_TABLES = { voca_records: 'voca_records', voca_hard_records: 'voca_hard_records' } as const;
export type CountedTable = keyof typeof COUNTED_TABLES;

/**
 * Rows created less than this long before a refresh are left to the live count: a transaction that
 * started earlier (created_at defaults to its start) but commits after the refresh's snapshot would
 * otherwise be in neither part.
 */
const ROLLUP_SAFETY_MARGIN = '5 minutes';

const num = (value: unknown) => Number(value ?? 0);
const time = (value: unknown) => (value instanceof Date ? value : new Date(String(value)));

/** A LIKE pattern that finds `text` anywhere, its wildcards taken literally; lower-cased. */
export function containsPattern(text: string): string {
  return `%${text.toLowerCase().replace(/[\\%_]/g, (character) => `\\${character}`)}%`;
}

/** A user's name as staff see it: "First Last", or the email when both are empty (SQL text). */
const displayNameOf = (alias: string) =>
  `coalesce(nullif(btrim(${alias}.first_name || ' ' || ${alias}.last_name), ''), ${alias}.email)`;
const displayName = (alias: string) => sql.raw(displayNameOf(alias));

export interface UsersFigures {
  total_users: number;
  new_users_today: number;
  new_users_this_month: number;
  monthly_active_users: number;
  today_active_users: number;
  premium_active_users: number;
  total_classrooms: number;
}

export interface EarningsFigures {
  total_earnings: number;
  earnings_today: number;
  earnings_this_month: number;
  total_payment_tokens: number;
  payers: number;
  total_users: number;
  paywall_clicks: number;
}

export interface RecordsFigures {
  total_learned: number;
  total_hard: number;
  learned_today: number;
  hard_today: number;
  display_card_count: number;
}

export interface ChartsRecord {
  newUsersPerDay: { day: string; count: number }[];
  earningsPerMonth: { month: string; amount: number }[];
}

export interface Page<T> {
  count: number;
  rows: T[];
}

export interface TableRequest {
  limit: number;
  offset: number;
  /** Already checked against the table's allow-list (the contract's enum). */
  ordering: string;
  search: string | undefined;
}

export interface SubscriptionRecord {
  id: number;
  user: string;
  user_id: number;
  plan: string;
  start_date: Date;
  end_date: Date;
  status: 'Active' | 'Expired';
  payment_amount: number;
  currency: string;
}

/** An issue report as the feedback module describes it, without the word's text. */
export type IssueReportRecord = Omit<IssueReportRow, 'word'>;

export interface NewUserRecord {
  user_id: number;
  email: string;
  date_joined: Date;
}

export interface ContactMessageRecord {
  id: number;
  email: string;
  created_at: Date;
  subject: string;
  content: string;
}

export interface PremiumAnalysisRecord {
  signup_month: string;
  total_signups_that_month: number;
  total_premium_sales_that_month: number;
  month_same_month_performace: number;
  month_same_month_performace_percentage: number;
  month_overall_performance: number;
  month_overall_performance_percentage: number;
  total_sales_balance: number;
}

export interface UserInfoRecord {
  id: number;
  email: string;
  first_name: string;
  last_name: string;
  profile_picture_uri: string | null;
  date_joined: Date;
  last_activity: Date | null;
  total_learned: number;
  total_difficult: number;
  total_proven: number;
}

/**
 * `ORDER BY` for an allowed ordering (`field` or `-field`): the field's SQL expression from the
 * table's own map, then the table's unique tie-breaker, so pages never overlap or skip rows.
 */
function orderBy(ordering: string, columns: Record<string, string>, tieBreaker: string): SQL {
  const descending = ordering.startsWith('-');
  const expression = columns[descending ? ordering.slice(1) : ordering];
  if (!expression) throw new Error(`ordering ${ordering} is not in the allow-list`);
  const direction = descending ? 'DESC' : 'ASC';
  const tie = expression === tieBreaker ? '' : `, ${tieBreaker} ${direction}`;
  return sql.raw(`ORDER BY ${expression} ${direction}${tie}`);
}

export function analyticsRepository(db: Executor) {
  async function one<T>(query: SQL): Promise<T> {
    const [row] = await queryRows<T>(db, query);
    return row!;
  }

  /**
   * A rolled-up total: the count up to the last refresh plus the rows created since, counted live
   * on the table's created_at index (all rows when the rollup has never run).
   */
  const rolledUp = (table: CountedTable) => {
    const name = COUNTED_TABLES[table];
    return sql`(coalesce((SELECT value FROM analytics_counters WHERE name = ${name}), 0)
      + (SELECT count(*) FROM ${sql.identifier(table)} r
         WHERE r.created_at >= coalesce((SELECT counted_until FROM analytics_counters WHERE name = ${name}), '-infinity'::timestamptz)))::float8`;
  };

  return {
    /** Today's and this month's boundaries in `timeZone`, as instants (DST-proof: PostgreSQL's tz data). */
    async calendar(now: Date, timeZone: string): Promise<Calendar> {
      const row = await one<Record<string, unknown>>(sql`
        WITH local AS (SELECT (${now.toISOString()}::timestamptz AT TIME ZONE ${timeZone}) AS t)
        SELECT date_trunc('day', t) AT TIME ZONE ${timeZone} AS day_start,
               (date_trunc('day', t) + interval '1 day') AT TIME ZONE ${timeZone} AS day_end,
               date_trunc('month', t) AT TIME ZONE ${timeZone} AS month_start,
               (date_trunc('month', t) + interval '1 month') AT TIME ZONE ${timeZone} AS month_end
        FROM local`);
      return {
        now,
        dayStart: time(row.day_start),
        dayEnd: time(row.day_end),
        monthStart: time(row.month_start),
        monthEnd: time(row.month_end),
      };
    },

    async usersFigures(c: Calendar): Promise<UsersFigures> {
      const [now, dayStart, dayEnd, monthStart, monthEnd] = [c.now, c.dayStart, c.dayEnd, c.monthStart, c.monthEnd].map(
        (at) => at.toISOString(),
      );
      const row = await one<Record<string, unknown>>(sql`
        SELECT
          (SELECT count(*) FROM users)::int AS total_users,
          (SELECT count(*) FROM users WHERE date_joined >= ${dayStart}::timestamptz AND date_joined < ${dayEnd}::timestamptz)::int AS new_users_today,
          (SELECT count(*) FROM users WHERE date_joined >= ${monthStart}::timestamptz AND date_joined < ${monthEnd}::timestamptz)::int AS new_users_this_month,
          (SELECT count(*) FROM users WHERE last_activity >= ${monthStart}::timestamptz AND last_activity < ${monthEnd}::timestamptz)::int AS monthly_active_users,
          (SELECT count(*) FROM users WHERE last_activity >= ${dayStart}::timestamptz AND last_activity < ${dayEnd}::timestamptz)::int AS today_active_users,
          (SELECT count(DISTINCT s.user_id) FROM premium_subscriptions s JOIN users u ON u.id = s.user_id
            WHERE s.start_date <= ${now}::timestamptz AND s.end_date > ${now}::timestamptz
              AND u.last_activity >= ${monthStart}::timestamptz AND u.last_activity < ${monthEnd}::timestamptz)::int AS premium_active_users,
          (SELECT count(*) FROM classrooms)::int AS total_classrooms`);
      return {
        total_users: num(row.total_users),
        new_users_today: num(row.new_users_today),
        new_users_this_month: num(row.new_users_this_month),
        monthly_active_users: num(row.monthly_active_users),
        today_active_users: num(row.today_active_users),
        premium_active_users: num(row.premium_active_users),
        total_classrooms: num(row.total_classrooms),
      };
    },

    async earningsFigures(c: Calendar): Promise<EarningsFigures> {
      const [dayStart, dayEnd, monthStart, monthEnd] = [c.dayStart, c.dayEnd, c.monthStart, c.monthEnd].map((at) =>
        at.toISOString(),
      );
      const row = await one<Record<string, unknown>>(sql`
        SELECT
          (SELECT coalesce(sum(amount), 0) FROM orders WHERE status = 'paid')::float8 AS total_earnings,
          (SELECT coalesce(sum(amount), 0) FROM orders
            WHERE status = 'paid' AND paid_at >= ${dayStart}::timestamptz AND paid_at < ${dayEnd}::timestamptz)::float8 AS earnings_today,
          (SELECT coalesce(sum(amount), 0) FROM orders
            WHERE status = 'paid' AND paid_at >= ${monthStart}::timestamptz AND paid_at < ${monthEnd}::timestamptz)::float8 AS earnings_this_month,
          (SELECT count(*) FROM orders WHERE status = 'paid')::int AS total_payment_tokens,
          (SELECT count(DISTINCT user_id) FROM orders WHERE status = 'paid' AND user_id IS NOT NULL)::int AS payers,
          (SELECT count(*) FROM users)::int AS total_users,
          (SELECT count(*) FROM product_events WHERE event = 'paywall_click')::int AS paywall_clicks`);
      return {
        total_earnings: num(row.total_earnings),
        earnings_today: num(row.earnings_today),
        earnings_this_month: num(row.earnings_this_month),
        total_payment_tokens: num(row.total_payment_tokens),
        payers: num(row.payers),
        total_users: num(row.total_users),
        paywall_clicks: num(row.paywall_clicks),
      };
    },

    async recordsFigures(c: Calendar): Promise<RecordsFigures> {
      const [dayStart, dayEnd] = [c.dayStart.toISOString(), c.dayEnd.toISOString()];
      const row = await one<Record<string, unknown>>(sql`
        SELECT
          ${rolledUp('voca_records')} AS total_learned,
          ${rolledUp('voca_hard_records')} AS total_hard,
          (SELECT count(*) FROM voca_records WHERE created_at >= ${dayStart}::timestamptz AND created_at < ${dayEnd}::timestamptz)::int AS learned_today,
          (SELECT count(*) FROM voca_hard_records WHERE created_at >= ${dayStart}::timestamptz AND created_at < ${dayEnd}::timestamptz)::int AS hard_today,
          (SELECT count(*) FROM product_events WHERE event = 'display_card')::int AS display_card_count`);
      return {
        total_learned: num(row.total_learned),
        total_hard: num(row.total_hard),
        learned_today: num(row.learned_today),
        hard_today: num(row.hard_today),
        display_card_count: num(row.display_card_count),
      };
    },

    /**
     * Signups per day over the last `days` days and paid earnings per month over the last `months`
     * months (today and this month included), zero-filled: one index range count per bucket.
     */
    async charts(c: Calendar, timeZone: string, days: number, months: number): Promise<ChartsRecord> {
      /**
       * `count` calendar days or months of the time zone, ending with the one `last` starts, each
       * with its bounds as instants (`from_at`, `until_at`) and its label.
       */
      const buckets = (unit: 'day' | 'month', last: Date, count: number, label: string) => sql`
        SELECT to_char(local_start, ${label}) AS label, local_start AT TIME ZONE ${timeZone} AS from_at,
               (local_start + ${`1 ${unit}`}::interval) AT TIME ZONE ${timeZone} AS until_at
        FROM generate_series(
          (${last.toISOString()}::timestamptz AT TIME ZONE ${timeZone}) - ${`${count - 1} ${unit}s`}::interval,
          ${last.toISOString()}::timestamptz AT TIME ZONE ${timeZone},
          ${`1 ${unit}`}::interval) AS local_start`;
      const [perDay, perMonth] = await Promise.all([
        queryRows<Record<string, unknown>>(
          db,
          sql`SELECT b.label, (SELECT count(*) FROM users WHERE date_joined >= b.from_at AND date_joined < b.until_at)::int AS value
              FROM (${buckets('day', c.dayStart, days, 'YYYY-MM-DD')}) b ORDER BY b.from_at`,
        ),
        queryRows<Record<string, unknown>>(
          db,
          sql`SELECT b.label, (SELECT coalesce(sum(amount), 0) FROM orders
                               WHERE status = 'paid' AND paid_at >= b.from_at AND paid_at < b.until_at)::float8 AS value
              FROM (${buckets('month', c.monthStart, months, 'YYYY-MM')}) b ORDER BY b.from_at`,
        ),
      ]);
      return {
        newUsersPerDay: perDay.map((row) => ({ day: String(row.label), count: num(row.value) })),
        earningsPerMonth: perMonth.map((row) => ({ month: String(row.label), amount: num(row.value) })),
      };
    },

    /**
     * Recounts a record table up to a few minutes ago (the rollup job, decision 015). Rows removed
     * since are still in the total until the next refresh; rows added are counted live meanwhile.
     */
    async refreshCounter(table: CountedTable): Promise<void> {
      const name = COUNTED_TABLES[table];
      await db.execute(sql`
        WITH cutoff AS (SELECT now() - ${ROLLUP_SAFETY_MARGIN}::interval AS at)
        INSERT INTO analytics_counters (name, value, counted_until, refreshed_at)
        SELECT ${name}, (SELECT count(*) FROM ${sql.identifier(table)} WHERE created_at < cutoff.at), cutoff.at, now()
        FROM cutoff
        ON CONFLICT (name) DO UPDATE
          SET value = excluded.value, counted_until = excluded.counted_until, refreshed_at = excluded.refreshed_at`);
    },

    async subscriptions(now: Date, request: TableRequest): Promise<Page<SubscriptionRecord>> {
      const at = now.toISOString();
      const status = `CASE WHEN s.start_date <= '${at}'::timestamptz AND s.end_date > '${at}'::timestamptz THEN 'Active' ELSE 'Expired' END`;
      const pattern = request.search ? containsPattern(request.search) : null;
      const where = pattern
        ? sql`WHERE lower(u.email) LIKE ${pattern} OR lower(u.first_name || ' ' || u.last_name) LIKE ${pattern} OR lower(s.plan) LIKE ${pattern}`
        : sql``;
      const order = orderBy(
        request.ordering,
        {
          id: 's.id',
          user: `lower(${displayNameOf('u')})`,
          plan: 's.plan',
          start_date: 's.start_date',
          end_date: 's.end_date',
          status,
          payment_amount: 's.payment_amount',
        },
        's.id',
      );
      const [rows, total] = await Promise.all([
        queryRows<Record<string, unknown>>(
          db,
          sql`SELECT s.id, ${displayName('u')} AS "user", s.user_id, s.plan, s.start_date, s.end_date,
                     ${sql.raw(status)} AS status, s.payment_amount, s.currency
              FROM premium_subscriptions s JOIN users u ON u.id = s.user_id
              ${where} ${order} LIMIT ${request.limit} OFFSET ${request.offset}`,
        ),
        one<{ count: number }>(
          pattern
            ? sql`SELECT count(*)::int AS count FROM premium_subscriptions s JOIN users u ON u.id = s.user_id ${where}`
            : sql`SELECT count(*)::int AS count FROM premium_subscriptions`,
        ),
      ]);
      return {
        count: num(total.count),
        rows: rows.map((row) => ({
          id: num(row.id),
          user: String(row.user),
          user_id: num(row.user_id),
          plan: String(row.plan),
          start_date: time(row.start_date),
          end_date: time(row.end_date),
          status: row.status === 'Active' ? 'Active' : 'Expired',
          payment_amount: num(row.payment_amount),
          currency: String(row.currency),
        })),
      };
    },

    async issueReports(request: TableRequest): Promise<Page<IssueReportRecord>> {
      const pattern = request.search ? containsPattern(request.search) : null;
      const where = pattern
        ? sql`WHERE lower(u.email) LIKE ${pattern} OR lower(u.first_name || ' ' || u.last_name) LIKE ${pattern}
                 OR lower(r.issue_description) LIKE ${pattern} OR lower(coalesce(r.page, '')) LIKE ${pattern}
                 OR r.issue_id LIKE ${pattern}`
        : sql``;
      const order = orderBy(
        request.ordering,
        {
          id: 'r.id',
          user: `lower(coalesce(${displayNameOf('u')}, ''))`,
          issue_id: 'r.issue_id',
          created_at: 'r.created_at',
          resolved: 'r.resolved',
        },
        'r.id',
      );
      const [rows, total] = await Promise.all([
        queryRows<Record<string, unknown>>(
          db,
          sql`SELECT ${issueReportColumns} FROM issue_reports r LEFT JOIN users u ON u.id = r.user_id
              ${where} ${order} LIMIT ${request.limit} OFFSET ${request.offset}`,
        ),
        one<{ count: number }>(
          sql`SELECT count(*)::int AS count FROM issue_reports r LEFT JOIN users u ON u.id = r.user_id ${where}`,
        ),
      ]);
      return { count: num(total.count), rows: rows.map(issueReportRecord) };
    },

    async issueReport(id: number): Promise<IssueReportRecord | undefined> {
      const [row] = await queryRows<Record<string, unknown>>(
        db,
        sql`SELECT ${issueReportColumns} FROM issue_reports r LEFT JOIN users u ON u.id = r.user_id WHERE r.id = ${id}`,
      );
      return row ? issueReportRecord(row) : undefined;
    },

    /**
     * Marks a report resolved (keeping the first resolution's time and author when it already was)
     * or open again (clearing both). False when there is no such report.
     */
    async setResolved(id: number, resolved: boolean, staffId: number, now: Date): Promise<boolean> {
      const at = now.toISOString();
      const rows = await queryRows<{ id: number }>(
        db,
        resolved
          ? sql`UPDATE issue_reports
                SET resolved = true,
                    resolved_at = CASE WHEN resolved THEN resolved_at ELSE ${at}::timestamptz END,
                    resolved_by = CASE WHEN resolved THEN resolved_by ELSE ${staffId}::int END
                WHERE id = ${id} RETURNING id`
          : sql`UPDATE issue_reports SET resolved = false, resolved_at = NULL, resolved_by = NULL
                WHERE id = ${id} RETURNING id`,
      );
      return rows.length === 1;
    },

    async newUsers(request: TableRequest): Promise<Page<NewUserRecord>> {
      const pattern = request.search ? containsPattern(request.search) : null;
      const where = pattern ? sql`WHERE lower(email) LIKE ${pattern}` : sql``;
      // Emails are stored lower-cased: lower(email) sorts on the unique index users_email_lower_key.
      const order = orderBy(
        request.ordering,
        { user_id: 'id', email: 'lower(email)', date_joined: 'date_joined' },
        'id',
      );
      const [rows, total] = await Promise.all([
        queryRows<Record<string, unknown>>(
          db,
          sql`SELECT id, email, date_joined FROM users ${where} ${order} LIMIT ${request.limit} OFFSET ${request.offset}`,
        ),
        one<{ count: number }>(sql`SELECT count(*)::int AS count FROM users ${where}`),
      ]);
      return {
        count: num(total.count),
        rows: rows.map((row) => ({
          user_id: num(row.id),
          email: String(row.email),
          date_joined: time(row.date_joined),
        })),
      };
    },

    async contactMessages(request: TableRequest): Promise<Page<ContactMessageRecord>> {
      const pattern = request.search ? containsPattern(request.search) : null;
      const where = pattern
        ? sql`WHERE lower(email) LIKE ${pattern} OR lower(subject) LIKE ${pattern} OR lower(content) LIKE ${pattern}`
        : sql``;
      const order = orderBy(
        request.ordering,
        { id: 'id', email: 'lower(email)', subject: 'lower(subject)', created_at: 'created_at' },
        'id',
      );
      const [rows, total] = await Promise.all([
        queryRows<Record<string, unknown>>(
          db,
          sql`SELECT id, email, created_at, subject, content FROM contact_messages
              ${where} ${order} LIMIT ${request.limit} OFFSET ${request.offset}`,
        ),
        one<{ count: number }>(sql`SELECT count(*)::int AS count FROM contact_messages ${where}`),
      ]);
      return {
        count: num(total.count),
        rows: rows.map((row) => ({
          id: num(row.id),
          email: String(row.email),
          created_at: time(row.created_at),
          subject: String(row.subject),
          content: String(row.content),
        })),
      };
    },

    /**
     * One row per signup month (in `timeZone`) that still has accounts: its signups, the orders
     * paid in that calendar month (anyone's), and how the cohort converted — first payment in the
     * signup month, ever, and everything it has paid.
     */
    async premiumAnalysis(timeZone: string, request: TableRequest): Promise<Page<PremiumAnalysisRecord>> {
      const where = request.search ? sql`WHERE c.month LIKE ${`${request.search.replace(/[\\%_]/g, '\\$&')}%`}` : sql``;
      const order = orderBy(
        request.ordering,
        {
          signup_month: 'signup_month',
          total_signups_that_month: 'total_signups_that_month',
          total_premium_sales_that_month: 'total_premium_sales_that_month',
          month_same_month_performace: 'month_same_month_performace',
          month_same_month_performace_percentage: 'month_same_month_performace_percentage',
          month_overall_performance: 'month_overall_performance',
          month_overall_performance_percentage: 'month_overall_performance_percentage',
          total_sales_balance: 'total_sales_balance',
        },
        'signup_month',
      );
      const rows = await queryRows<Record<string, unknown>>(
        db,
        sql`
        WITH signups AS (
          SELECT id, date_trunc('month', date_joined AT TIME ZONE ${timeZone}) AS month FROM users
        ),
        cohorts AS (
          SELECT month, count(*) AS signups FROM signups GROUP BY month
        ),
        payers AS (
          SELECT user_id, min(paid_at) AS first_paid, sum(amount) AS paid
          FROM orders WHERE status = 'paid' AND user_id IS NOT NULL GROUP BY user_id
        ),
        conversions AS (
          SELECT s.month,
                 count(*) AS payers,
                 count(*) FILTER (WHERE date_trunc('month', p.first_paid AT TIME ZONE ${timeZone}) = s.month) AS same_month,
                 sum(p.paid) AS balance
          FROM payers p JOIN signups s ON s.id = p.user_id GROUP BY s.month
        ),
        sales AS (
          SELECT date_trunc('month', paid_at AT TIME ZONE ${timeZone}) AS month, count(*) AS sales
          FROM orders WHERE status = 'paid' GROUP BY 1
        ),
        c AS (
          SELECT to_char(c.month, 'YYYY-MM') AS month, c.signups,
                 coalesce(sa.sales, 0) AS sales,
                 coalesce(v.same_month, 0) AS same_month,
                 coalesce(v.payers, 0) AS payers,
                 coalesce(v.balance, 0) AS balance
          FROM cohorts c
          LEFT JOIN conversions v ON v.month = c.month
          LEFT JOIN sales sa ON sa.month = c.month
        )
        SELECT c.month AS signup_month,
               c.signups::int AS total_signups_that_month,
               c.sales::int AS total_premium_sales_that_month,
               c.same_month::int AS month_same_month_performace,
               round(100.0 * c.same_month / c.signups, 2)::float8 AS month_same_month_performace_percentage,
               c.payers::int AS month_overall_performance,
               round(100.0 * c.payers / c.signups, 2)::float8 AS month_overall_performance_percentage,
               c.balance::float8 AS total_sales_balance,
               count(*) OVER ()::int AS total_rows
        FROM c ${where}
        ${order} LIMIT ${request.limit} OFFSET ${request.offset}`,
      );
      const count = rows.length > 0 ? num(rows[0]!.total_rows) : await this.premiumAnalysisCount(timeZone, request);
      return {
        count,
        rows: rows.map((row) => ({
          signup_month: String(row.signup_month),
          total_signups_that_month: num(row.total_signups_that_month),
          total_premium_sales_that_month: num(row.total_premium_sales_that_month),
          month_same_month_performace: num(row.month_same_month_performace),
          month_same_month_performace_percentage: num(row.month_same_month_performace_percentage),
          month_overall_performance: num(row.month_overall_performance),
          month_overall_performance_percentage: num(row.month_overall_performance_percentage),
          total_sales_balance: num(row.total_sales_balance),
        })),
      };
    },

    /** How many signup months match, for a page past the last one (which has no row to carry it). */
    async premiumAnalysisCount(timeZone: string, request: Pick<TableRequest, 'search'>): Promise<number> {
      const where = request.search
        ? sql`WHERE to_char(month, 'YYYY-MM') LIKE ${`${request.search.replace(/[\\%_]/g, '\\$&')}%`}`
        : sql``;
      const row = await one<{ count: number }>(sql`
        SELECT count(*)::int AS count FROM (
          SELECT DISTINCT date_trunc('month', date_joined AT TIME ZONE ${timeZone}) AS month FROM users
        ) m ${where}`);
      return num(row.count);
    },

    async userInfo(userId: number): Promise<UserInfoRecord | undefined> {
      const [row] = await queryRows<Record<string, unknown>>(
        db,
        sql`SELECT u.id, u.email, u.first_name, u.last_name, u.profile_picture_uri, u.date_joined, u.last_activity,
                   (SELECT count(*) FROM voca_records r WHERE r.user_id = u.id)::int AS total_learned,
                   (SELECT count(*) FROM voca_hard_records h WHERE h.user_id = u.id)::int AS total_difficult,
                   (SELECT count(p.proven_at) FROM word_practice p WHERE p.user_id = u.id)::int AS total_proven
            FROM users u WHERE u.id = ${userId}`,
      );
      if (!row) return undefined;
      return {
        id: num(row.id),
        email: String(row.email),
        first_name: String(row.first_name),
        last_name: String(row.last_name),
        profile_picture_uri: row.profile_picture_uri === null ? null : String(row.profile_picture_uri),
        date_joined: time(row.date_joined),
        last_activity: row.last_activity === null ? null : time(row.last_activity),
        total_learned: num(row.total_learned),
        total_difficult: num(row.total_difficult),
        total_proven: num(row.total_proven),
      };
    },

    async userSubscriptions(userId: number) {
      const rows = await queryRows<Record<string, unknown>>(
        db,
        sql`SELECT plan, start_date, end_date FROM premium_subscriptions WHERE user_id = ${userId}
            ORDER BY start_date DESC, id DESC`,
      );
      return rows.map((row) => ({
        plan: String(row.plan),
        startDate: time(row.start_date),
        endDate: time(row.end_date),
      }));
    },

    /** The user's action log, newest first, at most `limit` entries. */
    async userActions(userId: number, limit: number) {
      const rows = await queryRows<Record<string, unknown>>(
        db,
        sql`SELECT action, details, created_at FROM user_actions WHERE user_id = ${userId}
            ORDER BY created_at DESC, id DESC LIMIT ${limit}`,
      );
      return rows.map((row) => ({
        action: String(row.action),
        details: String(row.details),
        createdAt: time(row.created_at),
      }));
    },
  };
}

const issueReportColumns = sql`r.id, ${displayName('u')} AS "user", r.user_id, r.issue_id, r.issue_description, r.page,
  r.voca_id, r.created_at, r.resolved`;

function issueReportRecord(row: Record<string, unknown>): IssueReportRecord {
  return {
    id: num(row.id),
    userName: row.user === null ? null : String(row.user),
    userId: row.user_id === null ? null : num(row.user_id),
    issueId: String(row.issue_id),
    issueDescription: String(row.issue_description),
    page: row.page === null ? null : String(row.page),
    vocaId: row.voca_id === null ? null : num(row.voca_id),
    createdAt: time(row.created_at),
    resolved: row.resolved === true || row.resolved === 't',
  };
}

export type AnalyticsRepository = ReturnType<typeof analyticsRepository>;
