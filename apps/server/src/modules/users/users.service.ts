import type { EmailPreferences, User, UserUpdate } from '@vocagarden/contract';
import { notAuthenticated } from '../../lib/errors.ts';
import type { Services } from '../../services.ts';
import { serializeUser } from './user.serializer.ts';
import { usersRepository, type UserRow } from './users.repository.ts';

export function serializeEmailPreferences(user: UserRow): EmailPreferences {
  return {
    product_news: user.emailProductNews,
    campaign_emails: user.emailCampaigns,
    study_reminders: user.emailStudyReminders,
  };
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
    return serializeUser(row, impersonatedBy);
  }

  return {
    profile,

    /** Changes the editable profile fields and logs which ones were sent. */
    async updateProfile(user: UserRow, changes: UserUpdate, impersonatedBy: string | null = null): Promise<User> {
      const updated = await users.update(user.id, {
        firstName: changes.first_name,
        lastName: changes.last_name,
        profilePictureUri: changes.profile_picture_uri,
        nativeLanguageCode: changes.native_language_code,
      });
      const changed = Object.entries(changes)
        .filter(([, value]) => value !== undefined)
        .map(([key]) => key);
      if (changed.length > 0) await users.logAction(user.id, 'profile_change', changed.join(', '));
      return profile(updated!.id, impersonatedBy);
    },

    async updateEmailPreferences(user: UserRow, changes: Partial<EmailPreferences>): Promise<EmailPreferences> {
      const updated = await users.update(user.id, {
        emailProductNews: changes.product_news,
        emailCampaigns: changes.campaign_emails,
        emailStudyReminders: changes.study_reminders,
      });
      await users.logAction(user.id, 'email_preferences_change', Object.keys(changes).join(', '));
      return serializeEmailPreferences(updated!);
    },
  };
}
