import {
  emailPreferenceKinds,
  type EmailPreferenceKind,
  type EmailPreferences,
  type User,
  type UserUpdate,
} from '@vocagarden/contract';
import { notAuthenticated } from '../../lib/errors.ts';
import type { Authenticated } from '../auth/tokens.repository.ts';
import { premiumUntil } from '../premium/premium.repository.ts';
import type { Services } from '../../services.ts';
import { serializeUser } from './user.serializer.ts';
import { usersRepository, type UserChanges, type UserRow } from './users.repository.ts';

export function serializeEmailPreferences(user: UserRow): EmailPreferences {
  return {
    product_news: user.emailProductNews,
    campaign_emails: user.emailCampaigns,
    study_reminders: user.emailStudyReminders,
  };
}

/** Whether the learner wants this kind of optional mail. */
export function emailPreference(user: UserRow, kind: EmailPreferenceKind): boolean {
  return serializeEmailPreferences(user)[kind];
}

/**
 * Whether we may send this kind of optional mail to the learner: they want it, and their address
 * has not bounced for good (decision 018). Mail about the account itself is not optional.
 */
export function mayEmail(user: UserRow, kind: EmailPreferenceKind): boolean {
  return emailPreference(user, kind) && user.emailBouncedAt === null;
}

/** The column of each kind, for writing a preference. */
export function preferenceChange(kind: EmailPreferenceKind, on: boolean, at: Date): UserChanges {
  if (kind === 'product_news') return { emailProductNews: on };
  if (kind === 'study_reminders') return { emailStudyReminders: on };
  // Turning marketing on is consent, and its time is kept as the record of it.
  return on ? { emailCampaigns: true, emailCampaignsConsentAt: at } : { emailCampaigns: false };
}

/** The signed-in user's own profile and email preferences. */
export function usersService({ db, now }: Pick<Services, 'db' | 'now'>) {
  const users = usersRepository(db);

  /**
   * GET profile/ and user/: the user and their premium status, in one query; `impersonatedBy` is
   * the staff member viewing the app as them, if any (the web's "Viewing as" banner).
   */
  async function profile(userId: number, impersonatedBy: string | null = null): Promise<User> {
    const row = await users.findProfile(userId, now());
    if (!row) throw notAuthenticated();
    return serializeUser(row, row.premiumUntil, impersonatedBy);
  }

  return {
    profile,

    /** The caller's own profile from what signing in read (no query of its own: GET profile/ is the hottest path). */
    profileOf(caller: Pick<Authenticated, 'user' | 'plans'>, impersonatedBy: string | null): User {
      return serializeUser(caller.user, premiumUntil(caller.plans, now()), impersonatedBy);
    },

    /** Changes the editable profile fields and logs which ones were sent. */
    async updateProfile(user: UserRow, changes: UserUpdate, impersonatedBy: string | null = null): Promise<User> {
      const updated = await users.update(user.id, {
        firstName: changes.first_name,
        lastName: changes.last_name,
        profilePictureUri: changes.profile_picture_uri,
        nativeLanguageCode: changes.native_language_code,
        startingLevel: changes.starting_level,
      });
      const changed = Object.entries(changes)
        .filter(([, value]) => value !== undefined)
        .map(([key]) => key);
      if (changed.length > 0) await users.logAction(user.id, 'profile_change', changed.join(', '));
      return profile(updated!.id, impersonatedBy);
    },

    async updateEmailPreferences(user: UserRow, changes: Partial<EmailPreferences>): Promise<EmailPreferences> {
      const at = now();
      const columns: UserChanges = {};
      for (const kind of emailPreferenceKinds) {
        const on = changes[kind];
        if (on !== undefined) Object.assign(columns, preferenceChange(kind, on, at));
      }
      const updated = await users.update(user.id, columns);
      await users.logAction(user.id, 'email_preferences_change', Object.keys(changes).join(', '));
      return serializeEmailPreferences(updated!);
    },
  };
}
