import type { UnsubscribeInfo } from '@vocagarden/contract';
import { ApiError } from '../../lib/errors.ts';
import type { Services } from '../../services.ts';
import { campaignsRepository } from '../campaigns/campaigns.repository.ts';
import { usersRepository, type UserRow } from '../users/users.repository.ts';
import { emailPreference, preferenceChange } from '../users/users.service.ts';
import { readUnsubscribeToken, type UnsubscribeTarget } from './unsubscribe-links.ts';

const invalidLink = () => new ApiError(400, 'invalid_link');

/** "a•••@example.com": the person recognises their address; a link forwarded around reveals little. */
export function maskEmail(email: string): string {
  const at = email.lastIndexOf('@');
  return at <= 0 ? '•••' : `${email[0]}•••${email.slice(at)}`;
}

function infoOf(user: UserRow, target: UnsubscribeTarget): UnsubscribeInfo {
  return { kind: target.kind, email: maskEmail(user.email), subscribed: emailPreference(user, target.kind) };
}

/** Unsubscribing by a signed link, without signing in (decision 018). */
export function unsubscribeService({ db, links, now }: Pick<Services, 'db' | 'links' | 'now'>) {
  async function resolve(token: string) {
    const target = readUnsubscribeToken(links, token);
    const user = target ? await usersRepository(db).findById(target.userId) : undefined;
    if (!target || !user) throw invalidLink();
    return { target, user };
  }

  return {
    async info(token: string): Promise<UnsubscribeInfo> {
      const { target, user } = await resolve(token);
      return infoOf(user, target);
    },

    /** Turns the kind off at once; a second click changes nothing and says the same. */
    async unsubscribe(token: string): Promise<UnsubscribeInfo> {
      const { target } = await resolve(token);
      const user = await db.transaction(async (tx) => {
        const users = usersRepository(tx);
        const updated = await users.update(target.userId, preferenceChange(target.kind, false, now()));
        await users.logAction(target.userId, 'email_unsubscribe', `${target.kind} (link in an email)`);
        // From a campaign: that message's row says so too (the staff's unsubscribe column).
        if (target.recipientId !== undefined)
          await campaignsRepository(tx).track(target.recipientId, 'unsubscribed', now());
        return updated;
      });
      if (!user) throw invalidLink();
      return infoOf(user, target);
    },
  };
}
