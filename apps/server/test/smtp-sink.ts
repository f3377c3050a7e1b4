import { simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';

export interface DeliveredMail {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** Header values by lower-case name, unfolded (the last one wins when a name repeats). */
  headers: Record<string, string>;
}

export interface SmtpSinkOptions {
  /** 0 picks a free one. */
  port?: number;
  /** Mailboxes this server refuses for good (550 at RCPT TO), as a real one does for a dead address. */
  refuses?: (address: string) => boolean;
}

/** A real SMTP server on loopback that keeps what it receives, for asserting on delivered mail. */
export async function startSmtpSink({ port = 0, refuses = () => false }: SmtpSinkOptions = {}) {
  const delivered: DeliveredMail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onRcptTo(address, _session, callback) {
      if (refuses(address.address.toLowerCase())) {
        callback(Object.assign(new Error('No such user'), { responseCode: 550 }));
      } else callback();
    },
    onData(stream, session, callback) {
      simpleParser(stream)
        .then((mail) => {
          for (const recipient of session.envelope.rcptTo) {
            delivered.push({
              to: recipient.address.toLowerCase(),
              subject: mail.subject ?? '',
              text: mail.text ?? '',
              html: typeof mail.html === 'string' ? mail.html : '',
              headers: Object.fromEntries(
                mail.headerLines.map(({ key, line }) => [
                  key,
                  line
                    .slice(line.indexOf(':') + 1)
                    .replace(/\r?\n[ \t]+/g, ' ')
                    .trim(),
                ]),
              ),
            });
          }
          callback();
        })
        .catch(callback);
    },
  });
  // A client that vanishes mid-session (a server killed on purpose, a pool closed at shutdown)
  // resets its socket; smtp-server reports that as an 'error', which must not end the test run.
  server.on('error', () => {});
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  const address = server.server.address() as { port: number };
  return {
    url: `smtp://127.0.0.1:${address.port}`,
    /** Every message delivered so far, oldest first. */
    all: (): readonly DeliveredMail[] => delivered,
    /** Every message delivered to the address, oldest first. */
    to: (address: string) => delivered.filter((mail) => mail.to === address.toLowerCase()),
    last(address: string): DeliveredMail {
      const mail = this.to(address).at(-1);
      if (!mail) throw new Error(`no mail delivered to ${address}`);
      return mail;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export type SmtpSink = Awaited<ReturnType<typeof startSmtpSink>>;
