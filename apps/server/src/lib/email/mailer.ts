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
 * Development transport: the message is stored in email_outbox and its links are logged, so
 * `npm start` works offline and a developer can follow a reset link from the console.
 */
export function outboxMailer(db: Executor, log: Pick<FastifyBaseLogger, 'info'>): Mailer {
  return {
    async send(email) {
      await db
        .insert(emailOutbox)
        .values({ recipient: email.to, subject: email.subject, text: email.text, html: email.html });
      const links = email.text.match(/https?:\/\/\S+/g) ?? [];
      log.info({ to: email.to, subject: email.subject, links }, 'email stored in the dev outbox');
    },
  };
}
