import { desc, eq } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { emailOutbox } from '../../db/schema.ts';

export type OutboxRow = typeof emailOutbox.$inferSelect;

/** Reads what the dev outbox mailer (lib/email/mailer.ts) stored. */
export function devOutboxRepository(db: Executor) {
  return {
    /** The newest mails to an address, newest first. */
    async recentTo(recipient: string, limit = 20): Promise<OutboxRow[]> {
      return db
        .select()
        .from(emailOutbox)
        .where(eq(emailOutbox.recipient, recipient.toLowerCase()))
        .orderBy(desc(emailOutbox.id))
        .limit(limit);
    },
  };
}
