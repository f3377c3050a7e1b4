import { z } from 'zod';
import { passwordSchema } from './auth.ts';
import { endpoint } from './endpoint.ts';
import { PROFILE_REQUEST } from './paths.ts';
import { userSchema, userUpdateSchema } from './user.ts';

/** Deleting an account needs the password, or a fresh emailed code for password-less accounts. */
export const accountDeletionSchema = z
  .object({ password: passwordSchema.optional(), code: z.string().trim().max(6).optional() })
  .meta({ id: 'AccountDeletion' });

/**
 * The kinds of optional email a learner chooses (profile → Email settings); mail about the account
 * itself (sign-in codes, password resets, receipts) is always sent. `campaign_emails` ("Offers
 * and discounts") is marketing: off until the learner turns it on.
 */
export const emailPreferenceKinds = ['product_news', 'campaign_emails', 'study_reminders'] as const;
export const emailPreferenceKindSchema = z.enum(emailPreferenceKinds);
export type EmailPreferenceKind = z.infer<typeof emailPreferenceKindSchema>;

export const emailPreferencesSchema = z
  .object({ product_news: z.boolean(), campaign_emails: z.boolean(), study_reminders: z.boolean() })
  .meta({ id: 'EmailPreferences' });
export type EmailPreferences = z.infer<typeof emailPreferencesSchema>;
export const emailPreferencesUpdateSchema = emailPreferencesSchema.partial().meta({ id: 'EmailPreferencesUpdate' });

const tag = 'users';

export const accountEndpoints = {
  profile: endpoint({
    ...PROFILE_REQUEST,
    access: 'user',
    summary: 'The signed-in user',
    tag,
    status: 200,
    response: userSchema,
  }),
  user: endpoint({
    method: 'GET',
    path: '/user/',
    access: 'user',
    summary: 'The signed-in user',
    tag,
    status: 200,
    response: userSchema,
  }),
  updateUser: endpoint({
    method: 'PATCH',
    path: '/user/',
    access: 'user',
    summary: 'Change profile fields',
    tag,
    body: userUpdateSchema,
    status: 200,
    response: userSchema,
  }),
  deleteAccount: endpoint({
    method: 'DELETE',
    path: '/user/',
    access: 'user',
    summary: 'Delete the account, proven by password or emailed code',
    tag,
    body: accountDeletionSchema,
    status: 204,
    response: z.null(),
    errors: [429],
  }),
  emailPreferences: endpoint({
    method: 'GET',
    path: '/user/email-preferences/',
    access: 'user',
    summary: 'Which emails the user wants',
    tag,
    status: 200,
    response: emailPreferencesSchema,
  }),
  updateEmailPreferences: endpoint({
    method: 'PATCH',
    path: '/user/email-preferences/',
    access: 'user',
    summary: 'Change email preferences',
    tag,
    body: emailPreferencesUpdateSchema,
    status: 200,
    response: emailPreferencesSchema,
  }),
};
