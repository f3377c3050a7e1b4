import { simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';

export interface DeliveredMail {
  to: string;
  subject: string;
  text: string;
  html: string;
}

/** A real SMTP server on loopback that keeps what it receives, for asserting on delivered mail. */
export async function startSmtpSink(port = 0) {
  const delivered: DeliveredMail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      simpleParser(stream)
        .then((mail) => {
          for (const recipient of session.envelope.rcptTo) {
            delivered.push({
              to: recipient.address.toLowerCase(),
              subject: mail.subject ?? '',
              text: mail.text ?? '',
              html: typeof mail.html === 'string' ? mail.html : '',
            });
          }
          callback();
        })
        .catch(callback);
    },
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  const address = server.server.address() as { port: number };
  return {
    url: `smtp://127.0.0.1:${address.port}`,
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
