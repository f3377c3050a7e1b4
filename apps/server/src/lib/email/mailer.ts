import nodemailer from 'nodemailer';
import type { FastifyBaseLogger } from 'fastify';
import type { Executor } from '../../db/client.ts';
import { emailOutbox } from '../../db/schema.ts';

export interface OutgoingEmail {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** Extra headers, e.g. List-Unsubscribe on optional mail (RFC 8058). */
  headers?: Record<string, string>;
}

export interface Mailer {
  send(email: OutgoingEmail): Promise<void>;
  /** Closes kept-open connections (at shutdown). */
  close(): void;
}

/**
 * Real delivery over SMTP (nodemailer). `pooled` keeps connections open for bulk sending (a
 * campaign sends hundreds of messages a second without a new connection and TLS handshake each);
 * the mail queue connects per message, which recovers simply when the server comes back.
 */
export function smtpMailer(smtpUrl: string, from: string, { pooled = false } = {}): Mailer {
  const url = new URL(smtpUrl);
  if (pooled && !url.searchParams.has('pool')) {
    url.searchParams.set('pool', 'true');
    url.searchParams.set('maxConnections', '5');
  }
  const transport = nodemailer.createTransport(url.toString());
  return {
    async send(email) {
      await transport.sendMail({ from, ...email });
    },
    close: () => transport.close(),
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
    close: () => undefined,
  };
}
