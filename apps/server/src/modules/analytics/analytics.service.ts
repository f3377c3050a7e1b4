import {
  ANALYTICS_CURRENCY,
  API_BASE,
  CHART_DAYS,
  CHART_MONTHS,
  defaultOrderings,
  isAllowedProfilePicture,
  type AnalyticsCharts,
  type EarningsMetrics,
  type RecordsMetrics,
  type UserInfo,
  type UsersMetrics,
} from '@vocagarden/contract';
import type { Executor } from '../../db/client.ts';
import { notFound } from '../../lib/errors.ts';
import { usersRepository } from '../users/users.repository.ts';
import type { Services } from '../../services.ts';
import { startImpersonation } from '../auth/impersonation.ts';
import { serializeIssueReport } from '../feedback/issue-report.serializer.ts';
import { analyticsRepository, type Page, type TableRequest } from './analytics.repository.ts';

/** The newest entries of a user's action log shown to staff. */
export const USER_INFO_ACTIONS_LIMIT = 200;

export type AnalyticsServices = Pick<Services, 'db' | 'now' | 'publicUrl'> & {
  /**
   * Where the figures, charts, tables and user pages are read (decision 029): the read replica of
   * ANALYTICS_DATABASE_URL, a few seconds behind, or `db` itself. Writes, and reads that must see
   * a write just made, use `db`.
   */
  reads: Executor;
  /** IANA zone in which days and months are counted (ANALYTICS_TIME_ZONE). */
  timeZone: string;
};

/** A share in percent with 2 decimals; 0 when there is nothing to divide by. */
export function percentage(part: number, whole: number): number {
  return whole === 0 ? 0 : Math.round((10_000 * part) / whole) / 100;
}

/** What a table endpoint receives (the contract's table query, after validation and defaults). */
export interface TableQuery {
  page: number;
  page_size: number;
  ordering?: string | undefined;
  search?: string | undefined;
}

export interface PageAnswer<T> {
  count: number;
  next: string | null;
  previous: string | null;
  results: T[];
}

/** DRF's page: the rows and absolute links to the neighbouring pages (same size, order and search). */
export function pageAnswer<T>(
  publicUrl: string,
  path: string,
  query: TableQuery,
  count: number,
  results: T[],
): PageAnswer<T> {
  const link = (page: number) => {
    const params = new URLSearchParams({ page: String(page), page_size: String(query.page_size) });
    if (query.ordering) params.set('ordering', query.ordering);
    if (query.search) params.set('search', query.search);
    return `${publicUrl}${API_BASE}${path}?${params.toString()}`;
  };
  const lastPage = Math.max(1, Math.ceil(count / query.page_size));
  return {
    count,
    next: query.page < lastPage ? link(query.page + 1) : null,
    previous: query.page > 1 ? link(Math.min(query.page - 1, lastPage)) : null,
    results,
  };
}

function tableRequest(query: TableQuery, fallbackOrdering: string): TableRequest {
  return {
    limit: query.page_size,
    offset: (query.page - 1) * query.page_size,
    ordering: query.ordering ?? fallbackOrdering,
    search: query.search === '' ? undefined : query.search,
  };
}

const iso = (at: Date) => at.toISOString();

/** The staff analytics (spec §2, §3, §7; decision 015). Who may call it is route.ts's `staff` access. */
export function analyticsService({ db, reads, now, publicUrl, timeZone }: AnalyticsServices) {
  // Its sessions may be read-only (on the replica): no write goes through it.
  const readOnly = analyticsRepository(reads);
  const calendar = () => readOnly.calendar(now(), timeZone);

  return {
    async users(): Promise<UsersMetrics> {
      const figures = await readOnly.usersFigures(await calendar());
      return {
        total_users: figures.total_users,
        new_users_today: figures.new_users_today,
        new_users_this_month: figures.new_users_this_month,
        monthly_active_users: figures.monthly_active_users,
        today_active_users: figures.today_active_users,
        monthly_premium_users_percentage: percentage(figures.premium_active_users, figures.monthly_active_users),
        total_classrooms: figures.total_classrooms,
      };
    },

    async earnings(): Promise<EarningsMetrics> {
      const figures = await readOnly.earningsFigures(await calendar());
      return {
        total_earnings: figures.total_earnings,
        earnings_today: figures.earnings_today,
        earnings_this_month: figures.earnings_this_month,
        total_payment_tokens: figures.total_payment_tokens,
        total_conversion_rate: percentage(figures.payers, figures.total_users),
        paywall_clicks: figures.paywall_clicks,
        currency: ANALYTICS_CURRENCY,
      };
    },

    async charts(): Promise<AnalyticsCharts> {
      const series = await readOnly.charts(await calendar(), timeZone, CHART_DAYS, CHART_MONTHS);
      return {
        new_users_per_day: series.newUsersPerDay,
        earnings_per_month: series.earningsPerMonth,
        currency: ANALYTICS_CURRENCY,
      };
    },

    async records(): Promise<RecordsMetrics> {
      return readOnly.recordsFigures(await calendar());
    },

    async subscriptions(path: string, query: TableQuery) {
      const page = await readOnly.subscriptions(now(), tableRequest(query, defaultOrderings.subscriptions));
      return answer(path, query, page, (row) => ({
        ...row,
        start_date: iso(row.start_date),
        end_date: iso(row.end_date),
      }));
    },

    async issueReports(path: string, query: TableQuery) {
      const page = await readOnly.issueReports(tableRequest(query, defaultOrderings.issueReports));
      return answer(path, query, page, serializeIssueReport);
    },

    async newUsers(path: string, query: TableQuery) {
      const page = await readOnly.newUsers(tableRequest(query, defaultOrderings.newUsers));
      return answer(path, query, page, (row) => ({ ...row, date_joined: iso(row.date_joined) }));
    },

    async contactMessages(path: string, query: TableQuery) {
      const page = await readOnly.contactMessages(tableRequest(query, defaultOrderings.contactMessages));
      return answer(path, query, page, (row) => ({ ...row, created_at: iso(row.created_at) }));
    },

    async premiumAnalysis(path: string, query: TableQuery) {
      const page = await readOnly.premiumAnalysis(timeZone, tableRequest(query, defaultOrderings.premiumAnalysis));
      return answer(path, query, page, (row) => row);
    },

    /** Marks a report resolved or open again; the staff member and the time are kept, and logged. */
    async resolveIssueReport(id: number, resolved: boolean, staffId: number) {
      const changed = await db.transaction(async (tx) => {
        const found = await analyticsRepository(tx).setResolved(id, resolved, staffId, now());
        if (found) {
          await usersRepository(tx).logAction(
            staffId,
            resolved ? 'issue_report_resolved' : 'issue_report_reopened',
            `issue_report_id=${id}`,
          );
        }
        return found;
      });
      // From the primary: a replica may not have the change yet.
      const report = changed ? await analyticsRepository(db).issueReport(id) : undefined;
      if (!report) throw notFound();
      return serializeIssueReport(report);
    },

    async userInfo(userId: number): Promise<UserInfo> {
      const user = await readOnly.userInfo(userId);
      if (!user) throw notFound();
      const at = now();
      const [subscriptions, actions] = await Promise.all([
        readOnly.userSubscriptions(userId),
        readOnly.userActions(userId, USER_INFO_ACTIONS_LIMIT),
      ]);
      return {
        id: user.id,
        joined_at: iso(user.date_joined),
        last_activity: user.last_activity ? iso(user.last_activity) : null,
        // As everywhere: a picture from a host outside the allow-list is not handed to a browser.
        profile_picture: isAllowedProfilePicture(user.profile_picture_uri) ? user.profile_picture_uri : null,
        email: user.email,
        // There is no user name in this product: the email's local part stands in for it.
        username: user.email.split('@')[0] ?? user.email,
        first_name: user.first_name,
        last_name: user.last_name,
        phone_number: null,
        country: null,
        total_learned: user.total_learned,
        total_difficult: user.total_difficult,
        total_proven: user.total_proven,
        premium_subscriptions: subscriptions.map((subscription) => ({
          plan_name: subscription.plan,
          start_date: iso(subscription.startDate),
          end_date: iso(subscription.endDate),
          is_active: subscription.startDate <= at && subscription.endDate > at,
        })),
        actions: actions.map((action) => ({
          created_at: iso(action.createdAt),
          action: action.action,
          details: action.details,
        })),
      };
    },

    /** A 15-minute token to view the app as the user (see auth/impersonation.ts). */
    token(staff: { id: number; email: string }, userId: number, userAgent: string | undefined): Promise<string> {
      return startImpersonation(db, { staff, userId, userAgent, now: now() });
    },
  };

  function answer<R, T>(path: string, query: TableQuery, page: Page<R>, serialize: (row: R) => T): PageAnswer<T> {
    return pageAnswer(publicUrl, path, query, page.count, page.rows.map(serialize));
  }
}
