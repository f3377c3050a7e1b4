import { z } from 'zod';
import { detailSchema } from './auth.ts';
import { endpoint } from './endpoint.ts';
import { idParamSchema, idSchema, textSchema } from './primitives.ts';

/**
 * The staff analytics area (spec §2, §3, §7): metric objects, paginated tables and a user's
 * details. Field names are the spec's, misspellings included (`month_same_month_performace`).
 * Money is kuruş; days and months are counted in the analytics time zone (Europe/Istanbul).
 */

export const usersMetricsSchema = z
  .object({
    total_users: z.number().int(),
    new_users_today: z.number().int(),
    new_users_this_month: z.number().int(),
    monthly_active_users: z.number().int(),
    today_active_users: z.number().int(),
    /** Share of this month's active users who hold an active plan, 0–100 with 2 decimals. */
    monthly_premium_users_percentage: z.number(),
    total_classrooms: z.number().int(),
  })
  .meta({ id: 'UsersMetrics' });
export type UsersMetrics = z.infer<typeof usersMetricsSchema>;

export const earningsMetricsSchema = z
  .object({
    total_earnings: z.number().int(),
    earnings_today: z.number().int(),
    earnings_this_month: z.number().int(),
    total_payment_tokens: z.number().int(),
    total_conversion_rate: z.number(),
    paywall_clicks: z.number().int(),
    currency: z.string(),
  })
  .meta({ id: 'EarningsMetrics' });
export type EarningsMetrics = z.infer<typeof earningsMetricsSchema>;

export const recordsMetricsSchema = z
  .object({
    total_learned: z.number().int(),
    total_hard: z.number().int(),
    learned_today: z.number().int(),
    hard_today: z.number().int(),
    display_card_count: z.number().int(),
  })
  .meta({ id: 'RecordsMetrics' });
export type RecordsMetrics = z.infer<typeof recordsMetricsSchema>;

/** Every figure is in Turkish lira (decision 012): orders are only ever taken in TRY. */
export const ANALYTICS_CURRENCY = 'TRY';

/** How far back the dashboard's charts reach: days of signups, months of earnings. */
export const CHART_DAYS = 30;
export const CHART_MONTHS = 12;

/** The dashboard's time series, zero-filled, oldest first, in the analytics time zone. */
export const analyticsChartsSchema = z
  .object({
    /** The last CHART_DAYS days, today included (YYYY-MM-DD). */
    new_users_per_day: z.array(z.object({ day: z.string(), count: z.number().int() })),
    /** The last CHART_MONTHS months, this one included (YYYY-MM), in kuruş of paid orders. */
    earnings_per_month: z.array(z.object({ month: z.string(), amount: z.number().int() })),
    currency: z.string(),
  })
  .meta({ id: 'AnalyticsCharts' });
export type AnalyticsCharts = z.infer<typeof analyticsChartsSchema>;

/** DRF's page: `count` rows in all, links to the neighbouring pages, and this page's rows. */
export function pageOf<T extends z.ZodType>(row: T) {
  return z.object({
    count: z.number().int(),
    next: z.string().nullable(),
    previous: z.string().nullable(),
    results: z.array(row),
  });
}

export const MAX_PAGE_SIZE = 100;

export const DEFAULT_PAGE_SIZE = 25;

/** Paging and a free-text search, shared by every table (`ordering` is added per table). */
export const tableQuerySchema = z.object({
  page: z.coerce.number<string | number>().int().min(1).max(100_000).default(1),
  page_size: z.coerce.number<string | number>().int().min(1).max(MAX_PAGE_SIZE).default(DEFAULT_PAGE_SIZE),
  ordering: textSchema(60).optional(),
  search: textSchema(200, { trim: true }).optional(),
});

/**
 * A table's query: `ordering` is one of its sortable fields, ascending (`field`) or descending
 * (`-field`); anything else is a 400. Each table has a default order (below) and breaks ties by id.
 */
export function tableQueryOf<const F extends readonly [string, ...string[]]>(fields: F) {
  const orderings = [...fields, ...fields.map((field) => `-${field}`)] as [
    F[number] | `-${F[number]}`,
    ...(F[number] | `-${F[number]}`)[],
  ];
  return tableQuerySchema.extend({ ordering: z.enum(orderings).optional() });
}

/** What each table can be sorted by; the first ordering listed in `defaultOrderings` applies when none is asked. */
export const tableOrderings = {
  subscriptions: ['id', 'user', 'plan', 'start_date', 'end_date', 'status', 'payment_amount'],
  issueReports: ['id', 'user', 'issue_id', 'created_at', 'resolved'],
  newUsers: ['user_id', 'email', 'date_joined'],
  contactMessages: ['id', 'email', 'subject', 'created_at'],
  premiumAnalysis: [
    'signup_month',
    'total_signups_that_month',
    'total_premium_sales_that_month',
    'month_same_month_performace',
    'month_same_month_performace_percentage',
    'month_overall_performance',
    'month_overall_performance_percentage',
    'total_sales_balance',
  ],
} as const;

export const defaultOrderings = {
  subscriptions: '-start_date',
  issueReports: '-created_at',
  newUsers: '-date_joined',
  contactMessages: '-created_at',
  premiumAnalysis: '-signup_month',
} as const;

/** How long a token to view the app as a learner lasts (decision 015). */
export const IMPERSONATION_TOKEN_TTL_MS = 15 * 60_000;

export const subscriptionRowSchema = z
  .object({
    id: z.number().int(),
    user: z.string(),
    user_id: z.number().int().nullable(),
    plan: z.string(),
    start_date: z.iso.datetime(),
    end_date: z.iso.datetime(),
    status: z.enum(['Active', 'Expired']),
    payment_amount: z.number().int(),
    currency: z.string(),
  })
  .meta({ id: 'SubscriptionRow' });
export type SubscriptionRow = z.infer<typeof subscriptionRowSchema>;

/** The kinds of problem a learner can report (the form's choices). */
export const issueKinds = ['wrong_translation', 'audio', 'app_bug', 'other'] as const;
export const issueKindSchema = z.enum(issueKinds);
export type IssueKind = z.infer<typeof issueKindSchema>;

/** A stored kind as the contract names it: one retired since reads as "other". */
export function issueKindOf(stored: string): IssueKind {
  return issueKindSchema.safeParse(stored).data ?? 'other';
}

export const issueReportRowSchema = z
  .object({
    id: z.number().int(),
    user: z.string(),
    user_id: z.number().int().nullable(),
    issue_id: issueKindSchema,
    issue_description: z.string(),
    page: z.string().nullable(),
    voca_id: z.number().int().nullable(),
    created_at: z.iso.datetime(),
    resolved: z.boolean(),
  })
  .meta({ id: 'IssueReportRow' });
export type IssueReportRow = z.infer<typeof issueReportRowSchema>;

export const newUserRowSchema = z
  .object({ user_id: z.number().int(), email: z.string(), date_joined: z.iso.datetime() })
  .meta({ id: 'NewUserRow' });
export type NewUserRow = z.infer<typeof newUserRowSchema>;

export const contactMessageRowSchema = z
  .object({
    id: z.number().int(),
    email: z.string(),
    created_at: z.iso.datetime(),
    subject: z.string(),
    content: z.string(),
  })
  .meta({ id: 'ContactMessageRow' });
export type ContactMessageRow = z.infer<typeof contactMessageRowSchema>;

export const premiumAnalysisRowSchema = z
  .object({
    /** YYYY-MM in the analytics time zone. */
    signup_month: z.string(),
    total_signups_that_month: z.number().int(),
    total_premium_sales_that_month: z.number().int(),
    month_same_month_performace: z.number().int(),
    month_same_month_performace_percentage: z.number(),
    month_overall_performance: z.number().int(),
    month_overall_performance_percentage: z.number(),
    total_sales_balance: z.number().int(),
  })
  .meta({ id: 'PremiumAnalysisRow' });

export const userInfoSchema = z
  .object({
    id: z.number().int(),
    joined_at: z.iso.datetime(),
    last_activity: z.iso.datetime().nullable(),
    profile_picture: z.string().nullable(),
    email: z.string(),
    username: z.string(),
    first_name: z.string(),
    last_name: z.string(),
    phone_number: z.string().nullable(),
    country: z.string().nullable(),
    total_learned: z.number().int(),
    total_difficult: z.number().int(),
    /** Words proven in practice (decision 020), beside the words marked known (total_learned). */
    total_proven: z.number().int(),
    premium_subscriptions: z.array(
      z.object({
        plan_name: z.string(),
        start_date: z.iso.datetime(),
        end_date: z.iso.datetime(),
        is_active: z.boolean(),
      }),
    ),
    actions: z.array(z.object({ created_at: z.iso.datetime(), action: z.string(), details: z.string() })),
  })
  .meta({ id: 'UserInfo' });
export type UserInfo = z.infer<typeof userInfoSchema>;

export const contactMessageBodySchema = z
  .object({
    email: z.email().max(254),
    subject: textSchema(200, { trim: true }).min(1),
    content: textSchema(5000, { trim: true }).min(1),
  })
  .meta({ id: 'ContactMessage' });

export const issueReportBodySchema = z
  .object({
    issue_id: issueKindSchema,
    issue_description: textSchema(2000, { trim: true }).min(1),
    page: textSchema(300).optional(),
    voca_id: idSchema.optional(),
  })
  .meta({ id: 'IssueReport' });

const userQuery = z.object({ user_id: idParamSchema });
const tag = 'analytics';
const staffTable = <T extends z.ZodType, const F extends readonly [string, ...string[]]>(
  path: string,
  summary: string,
  row: T,
  orderings: F,
) =>
  endpoint({
    method: 'GET',
    path,
    access: 'staff',
    summary,
    tag,
    query: tableQueryOf(orderings),
    status: 200,
    response: pageOf(row),
    errors: [403],
  });

export const analyticsEndpoints = {
  users: endpoint({
    method: 'GET',
    path: '/analytics/users/',
    access: 'staff',
    summary: 'Users, activity and classrooms',
    tag,
    status: 200,
    response: usersMetricsSchema,
    errors: [403],
  }),
  earnings: endpoint({
    method: 'GET',
    path: '/analytics/earnings/',
    access: 'staff',
    summary: 'Earnings, payments and the paywall funnel',
    tag,
    status: 200,
    response: earningsMetricsSchema,
    errors: [403],
  }),
  records: endpoint({
    method: 'GET',
    path: '/analytics/records/',
    access: 'staff',
    summary: 'Words learned and found hard, cards shown',
    tag,
    status: 200,
    response: recordsMetricsSchema,
    errors: [403],
  }),
  charts: endpoint({
    method: 'GET',
    path: '/analytics/charts/',
    access: 'staff',
    summary: 'New users per day and earnings per month, for the dashboard charts',
    tag,
    status: 200,
    response: analyticsChartsSchema,
    errors: [403],
  }),
  subscriptions: staffTable(
    '/analytics/subscriptions/',
    'Premium subscriptions, newest first (search: user email or name, plan)',
    subscriptionRowSchema,
    tableOrderings.subscriptions,
  ),
  issueReports: staffTable(
    '/analytics/issue_reports/',
    'Issue reports from learners, newest first (search: user email or name, description, page)',
    issueReportRowSchema,
    tableOrderings.issueReports,
  ),
  newUsers: staffTable(
    '/analytics/new_users/',
    'New users, newest first (search: email)',
    newUserRowSchema,
    tableOrderings.newUsers,
  ),
  contactMessages: staffTable(
    '/analytics/contact_messages/',
    'Contact-form messages, newest first (search: email, subject, content)',
    contactMessageRowSchema,
    tableOrderings.contactMessages,
  ),
  premiumAnalysis: staffTable(
    '/analytics/premium_analysis/',
    'Premium conversion by signup month, newest first (search: the month, e.g. 2026 or 2026-03)',
    premiumAnalysisRowSchema,
    tableOrderings.premiumAnalysis,
  ),
  userInfo: endpoint({
    method: 'GET',
    path: '/analytics/user_info/',
    access: 'staff',
    summary: "A user's details, plans and actions",
    tag,
    query: userQuery,
    status: 200,
    response: userInfoSchema,
    errors: [403, 404],
  }),
  token: endpoint({
    method: 'GET',
    path: '/analytics/token/',
    access: 'staff',
    summary: 'A 15-minute, single-purpose token to view the app as that user (plain text)',
    tag,
    query: userQuery,
    status: 200,
    response: z.string().meta({ description: 'The token, to send as `Authorization: Token <token>`' }),
    contentType: 'text/plain',
    errors: [403, 404],
  }),
  resolveIssueReport: endpoint({
    method: 'PATCH',
    path: '/analytics/issue_reports/:id/',
    access: 'staff',
    summary: 'Mark an issue report handled (or not)',
    tag,
    params: z.object({ id: idParamSchema }),
    body: z.object({ resolved: z.boolean() }),
    status: 200,
    response: issueReportRowSchema,
    errors: [403, 404],
  }),
  contactMessage: endpoint({
    method: 'POST',
    path: '/contact-messages/',
    access: 'optional',
    summary: 'Send a message from the contact form',
    tag: 'contact',
    body: contactMessageBodySchema,
    status: 201,
    response: detailSchema,
    errors: [429],
  }),
  issueReport: endpoint({
    method: 'POST',
    path: '/issue-reports/',
    access: 'user',
    summary: 'Report a problem (with a word, the audio, the app)',
    tag: 'contact',
    body: issueReportBodySchema,
    status: 201,
    response: issueReportRowSchema,
    errors: [429],
  }),
};

/**
 * What each metric counts, in short English (decision 015 has the long form); the web shows them
 * as tooltips and translates them by key (`metric.<name>`). Days and months are calendar days and
 * months in the analytics time zone (Europe/Istanbul); money is kuruş of paid orders.
 */
export const metricDefinitions = {
  total_users: 'Accounts that exist now, staff included (deleted accounts are gone).',
  new_users_today: 'Accounts created today (Istanbul time).',
  new_users_this_month: 'Accounts created since the 1st of this month (Istanbul time).',
  monthly_active_users: 'Accounts used (any signed-in request) this calendar month.',
  today_active_users: 'Accounts used (any signed-in request) today.',
  monthly_premium_users_percentage: "Share of this month's active users who hold an active plan now, in %.",
  total_classrooms: 'Classrooms that exist now.',
  total_earnings: 'Sum of all paid orders, ever (refunds are not subtracted).',
  earnings_today: 'Sum of the orders paid today.',
  earnings_this_month: 'Sum of the orders paid since the 1st of this month.',
  total_payment_tokens: 'Number of paid orders, ever (each is one successful payment).',
  total_conversion_rate: 'Share of all existing accounts that have paid at least once, in %.',
  paywall_clicks: "Times learners pressed 'See plans' in an upsell, ever.",
  total_learned: 'Words marked known, summed over all learners (as they stand now).',
  total_hard: 'Words marked challenging, summed over all learners (as they stand now).',
  learned_today: 'Words marked known today that are still marked known.',
  hard_today: 'Words marked challenging today that are still marked challenging.',
  display_card_count: 'Word cards shown to learners, ever.',
  total_signups_that_month: 'Accounts created that month that still exist.',
  total_premium_sales_that_month: 'Orders paid that month, by anyone.',
  month_same_month_performace: 'Accounts created that month whose first payment was in the same month.',
  month_same_month_performace_percentage: "Same-month payers as a share of that month's signups, in %.",
  month_overall_performance: 'Accounts created that month that have paid at least once, ever.',
  month_overall_performance_percentage: "Payers as a share of that month's signups, in %.",
  total_sales_balance: 'Sum of every paid order of the accounts created that month, ever.',
} as const satisfies Partial<
  Record<keyof UsersMetrics | keyof EarningsMetrics | keyof RecordsMetrics | keyof PremiumAnalysisRow, string>
>;
export type MetricName = keyof typeof metricDefinitions;
export type PremiumAnalysisRow = z.infer<typeof premiumAnalysisRowSchema>;
