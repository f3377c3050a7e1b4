import type { EmailPreferences } from '@vocagarden/contract';
import { verifyPassword } from '../../lib/crypto.ts';
import { ApiError, FieldValidationError } from '../../lib/errors.ts';
import type { Services } from '../../services.ts';
import { authService } from '../auth/auth.service.ts';
import { classroomsRepository } from '../classrooms/classrooms.repository.ts';
import { usersRepository, type UserRow } from './users.repository.ts';

export function serializeEmailPreferences(user: UserRow): EmailPreferences {
  return {
    product_news: user.emailProductNews,
    campaign_emails: user.emailCampaigns,
    study_reminders: user.emailStudyReminders,
  };
}

export function usersService(services: Services) {
  const users = usersRepository(services.db);
  const auth = authService(services);

  return {
    async updateEmailPreferences(user: UserRow, changes: Partial<EmailPreferences>): Promise<EmailPreferences> {
      const updated = await users.update(user.id, {
        emailProductNews: changes.product_news,
        emailCampaigns: changes.campaign_emails,
        emailStudyReminders: changes.study_reminders,
      });
      await users.logAction(user.id, 'email_preferences_change', Object.keys(changes).join(', '));
      return serializeEmailPreferences(updated!);
    },

    /**
     * Deletes the account after proving it is the owner: the password, or for accounts without
     * one, a fresh code from auth/code/. Tokens, records, lists, the action log and every other
     * row owned by the user go with it (ON DELETE CASCADE).
     */
    async deleteAccount(user: UserRow, proof: { password?: string | undefined; code?: string | undefined }) {
      if (user.passwordHash) {
        if (!proof.password) throw new FieldValidationError({ password: ['This field is required.'] });
        if (!(await verifyPassword(proof.password, user.passwordHash))) throw new ApiError(400, 'wrong_password');
      } else {
        if (!proof.code) throw new ApiError(400, 'code_required');
        if (!(await auth.consumeLoginCode(user, proof.code))) throw new ApiError(400, 'invalid_code');
      }
      await services.db.transaction(async (tx) => {
        // Classrooms the user runs pass to their longest-standing member, or close when empty.
        const classrooms = classroomsRepository(tx);
        for (const classroom of await classrooms.administeredBy(user.id)) {
          const heir = await classrooms.longestStandingMember(classroom.id, user.id);
          if (heir === undefined) await classrooms.remove(classroom.id);
          else await classrooms.setAdmin(classroom.id, heir);
        }
        await usersRepository(tx).remove(user.id);
      });
    },
  };
}
