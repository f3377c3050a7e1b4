import { z } from 'zod';
import { pageOf, tableQuerySchema } from './analytics.ts';
import { endpoint } from './endpoint.ts';
import { idParamSchema, languageCodeSchema, textSchema } from './primitives.ts';

/**
 * Staff email campaigns (decision 018): a subject and a Markdown body per interface language, an
 * audience (always intersected with marketing consent), sent through the job queue with
 * per-recipient tracking (spec §2 Admin email management, §3 Email recipient, §7 vocaemailrecipient).
 */

export const CAMPAIGN_LANGUAGES = ['en', 'es', 'tr', 'az'] as const;

const perLanguage = (text: z.ZodType<string>) => z.object({ en: text, es: text, tr: text, az: text });

export const campaignAudienceSchema = z
  .object({
    plan: z.enum(['all', 'free', 'premium']),
    /** Only learners not seen for at least this many days; null for everyone. */
    inactive_days: z.number().int().min(1).max(3650).nullable(),
    /** Only learners with one of these native languages; empty for all. */
    native_language_codes: z.array(languageCodeSchema).max(4),
  })
  .meta({ id: 'CampaignAudience' });
export type CampaignAudience = z.infer<typeof campaignAudienceSchema>;

export const campaignInputSchema = z
  .object({
    name: textSchema(200, { trim: true }).min(1),
    subject: perLanguage(textSchema(200, { trim: true }).min(1)),
    body: perLanguage(textSchema(20_000).min(1)),
    audience: campaignAudienceSchema,
  })
  // No component name: its texts are trimmed, so what is sent and what is kept differ (and PATCH sends part of it).
  .meta({ description: 'A campaign as staff write it' });
export type CampaignInput = z.infer<typeof campaignInputSchema>;

export const campaignStatuses = ['draft', 'scheduled', 'sending', 'sent'] as const;

export const campaignSchema = z
  .object({
    id: z.number().int(),
    name: z.string(),
    subject: perLanguage(z.string()),
    body: perLanguage(z.string()),
    audience: campaignAudienceSchema,
    status: z.enum(campaignStatuses),
    /** When it is (or was) to go out; null for a draft. */
    send_at: z.iso.datetime().nullable(),
    created_at: z.iso.datetime(),
    finished_at: z.iso.datetime().nullable(),
    totals: z.object({
      recipients: z.number().int(),
      sent: z.number().int(),
      opened: z.number().int(),
      clicked: z.number().int(),
      bounced: z.number().int(),
      unsubscribed: z.number().int(),
    }),
    /** Shares of the messages sent, in % with 2 decimals (opens are approximate). */
    rates: z.object({ open_rate: z.number(), click_rate: z.number(), bounce_rate: z.number() }),
  })
  .meta({ id: 'Campaign' });
export type Campaign = z.infer<typeof campaignSchema>;

export const campaignPreviewSchema = z
  .object({ subject: z.string(), html: z.string(), text: z.string() })
  .meta({ id: 'CampaignPreview' });

/** Spec §3 Email recipient; dates are null when it has not happened (the web shows 'N/A'). */
export const emailRecipientSchema = z
  .object({
    id: z.number().int(),
    campaign: z.number().int(),
    campaign_name: z.string(),
    username: z.string(),
    /** The user's id; null once the account is deleted. */
    user: z.number().int().nullable(),
    sent_at: z.iso.datetime().nullable(),
    opened_at: z.iso.datetime().nullable(),
    clicked_at: z.iso.datetime().nullable(),
    bounced_at: z.iso.datetime().nullable(),
    unsubscribed_at: z.iso.datetime().nullable(),
    user_last_activity: z.iso.datetime().nullable(),
  })
  .meta({ id: 'EmailRecipient' });
export type EmailRecipient = z.infer<typeof emailRecipientSchema>;

export const recipientOrderings = [
  'id',
  'username',
  'sent_at',
  'opened_at',
  'clicked_at',
  'bounced_at',
  'unsubscribed_at',
  'user_last_activity',
] as const;

const campaignParams = z.object({ id: idParamSchema });
const tag = 'campaigns';

export const campaignEndpoints = {
  list: endpoint({
    method: 'GET',
    path: '/campaigns/',
    access: 'staff',
    summary: 'Every campaign, newest first, with its totals and rates',
    tag,
    status: 200,
    response: z.array(campaignSchema),
    errors: [403],
  }),
  create: endpoint({
    method: 'POST',
    path: '/campaigns/',
    access: 'staff',
    summary: 'Create a campaign (a draft)',
    tag,
    body: campaignInputSchema,
    status: 201,
    response: campaignSchema,
    errors: [403],
  }),
  get: endpoint({
    method: 'GET',
    path: '/campaigns/:id/',
    access: 'staff',
    summary: 'One campaign with its totals and rates',
    tag,
    params: campaignParams,
    status: 200,
    response: campaignSchema,
    errors: [403, 404],
  }),
  update: endpoint({
    method: 'PATCH',
    path: '/campaigns/:id/',
    access: 'staff',
    summary: 'Change a draft (409 once it is scheduled or sent)',
    tag,
    params: campaignParams,
    body: campaignInputSchema.partial(),
    status: 200,
    response: campaignSchema,
    errors: [403, 404, 409],
  }),
  remove: endpoint({
    method: 'DELETE',
    path: '/campaigns/:id/',
    access: 'staff',
    summary: 'Delete a draft (409 once it is scheduled or sent)',
    tag,
    params: campaignParams,
    status: 204,
    response: z.null(),
    errors: [403, 404, 409],
  }),
  preview: endpoint({
    method: 'GET',
    path: '/campaigns/:id/preview/',
    access: 'staff',
    summary: 'The message as a learner of that language would get it',
    tag,
    params: campaignParams,
    query: z.object({ language: z.enum(CAMPAIGN_LANGUAGES) }),
    status: 200,
    response: campaignPreviewSchema,
    errors: [403, 404],
  }),
  test: endpoint({
    method: 'POST',
    path: '/campaigns/:id/test/',
    access: 'staff',
    summary: 'Send the message to the staff member (in their language, or the one asked), not counted',
    tag,
    params: campaignParams,
    body: z.object({ language: z.enum(CAMPAIGN_LANGUAGES).optional() }),
    status: 202,
    response: z.object({ detail: z.string() }),
    errors: [403, 404],
  }),
  send: endpoint({
    method: 'POST',
    path: '/campaigns/:id/send/',
    access: 'staff',
    summary: 'Send now, or at a time: fixes the recipients (consenting learners of the audience)',
    tag,
    params: campaignParams,
    body: z.object({ at: z.iso.datetime().optional() }),
    status: 202,
    response: campaignSchema,
    errors: [403, 404, 409],
  }),
  recipients: endpoint({
    method: 'GET',
    path: '/vocaemailrecipient/',
    access: 'staff',
    summary: 'Campaign recipients and what became of each message (spec §3), paged',
    tag,
    query: tableQuerySchema.extend({
      campaign: idParamSchema.optional(),
      ordering: z.enum([...recipientOrderings, ...recipientOrderings.map((field) => `-${field}` as const)]).optional(),
    }),
    status: 200,
    response: pageOf(emailRecipientSchema),
    errors: [403],
  }),
};
