import nodemailer from 'nodemailer';
import type { FastifyBaseLogger } from 'fastify';
import type { Executor } from '../../db/client.ts';
import { emailOutbox } from '../../db/schema.ts';

export interface OutgoingEmail {
  to: string;
  subject: string;
  text: string;
  html: string;
}

export interface Mailer {
  send(email: OutgoingEmail): Promise<void>;
}

/** Real delivery over SMTP (nodemailer). */
export function smtpMailer(smtpUrl: string, from: string): Mailer {
  const transport = nodemailer.createTransport(smtpUrl);
  return {
    async send(email) {
      await transport.sendMail({ from, ...email });
    },
  };
}

/**
 * Development transport: the message is stored in email_outbox, so `npm start` works offline; a
 * developer reads it there (or at GET /cyberapi/dev/outbox/ with DEV_TOOLS). The log names only
 * the row: mail carries reset links and sign-in codes, which must never reach a log.
 */
export function outboxMailer(db: Executor, log: Pick<FastifyBaseLogger, 'info'>): Mailer {
  return {
    async send(email) {
      const [row] = await db
        .insert(emailOutbox)
        .values({ recipient: email.to, subject: email.subject, text: email.text, html: email.html })
        .returning({ id: emailOutbox.id });
      log.info({ outboxId: row?.id }, 'email stored in the dev outbox (no SMTP_URL): see the email_outbox table');
    },
  };
}
