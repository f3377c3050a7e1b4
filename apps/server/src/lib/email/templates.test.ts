import { describe, expect, it } from 'vitest';
import { greetingName, planEndingEmail, receiptEmail, welcomeEmail } from './templates.ts';
import { unsubscribeLink } from '../../modules/email/unsubscribe-links.ts';
import { linkSigner } from '../signed-links.ts';

describe('greetings', () => {
  it.each(['Ayla', 'María José', 'Şükrü Əliyev', "O'Brien", 'Anne-Marie'])('repeats the name %s', (name) => {
    expect(greetingName(name)).toBe(name);
  });

  it.each([
    'https://evil.example/reset',
    'visit evil.com now',
    'www.evil',
    'support@evil.example',
    'Click here: reset your password',
    'line one\nline two',
    'right\u202Eto-left',
    'A'.repeat(41),
  ])('leaves out %j', (name) => {
    expect(greetingName(name)).toBe('');
  });

  it('never puts an attacker-chosen link into the welcome mail', () => {
    const mail = welcomeEmail(
      { email: 'victim@example.com', firstName: 'Verify at https://evil.example/login', language: 'en' },
      'https://vocagarden.test',
    );
    expect(mail.text).not.toContain('evil');
    expect(mail.html).not.toContain('evil');
    expect(mail.text.startsWith('Hello,')).toBe(true);
  });
});

describe('premium mails', () => {
  const until = new Date('2027-03-05T10:30:00Z');
  const receipt = { orderId: 42, unit: 'month' as const, units: 3, amount: 35970, currency: 'TRY', until };

  it.each([
    ['en', '₺359.70', '3 months', 'March 5, 2027'],
    ['es', '359,70 ₺', '3 meses', '5 de marzo de 2027'],
    ['tr', '₺359,70', '3 ay', '5 Mart 2027'],
    ['az', '359,70 ₺', '3 ay', '5 mart 2027'],
  ] as const)(
    'writes the %s receipt with the amount, the plan and the new end in that language',
    (language, amount, plan, date) => {
      const mail = receiptEmail(
        { email: 'learner@example.com', firstName: 'Ayla', language },
        receipt,
        'https://vocagarden.test',
      );
      // Intl separates the amount and the sign with a no-break space in some languages.
      const text = mail.text.replace(/[\u00a0\u202f]/g, ' ');
      expect(text).toContain(amount);
      expect(text).toContain(plan);
      expect(text).toContain(date);
      expect(text).toContain('42');
      expect(mail.html).toContain(plan);
    },
  );

  it('counts one unit in the singular', () => {
    const mail = receiptEmail(
      { email: 'learner@example.com', firstName: '', language: 'en' },
      { ...receipt, unit: 'week', units: 1, amount: 3990 },
      'https://vocagarden.test',
    );
    expect(mail.text).toContain('₺39.90 for 1 week of VocaGarden Premium');
  });

  it.each(['en', 'es', 'tr', 'az'] as const)(
    'links the %s plan-ending reminder to the plan choice and says which setting sends it',
    (language) => {
      const mail = planEndingEmail(
        { email: 'learner@example.com', firstName: 'Ayla', language },
        until,
        'https://vocagarden.test/home?plans=1',
        unsubscribeLink(linkSigner('test-secret'), 'https://vocagarden.test', { userId: 7, kind: 'product_news' }),
      );
      expect(mail.subject).toMatch(/3/);
      // Optional mail: one click to leave, in the headers (RFC 8058) and in the footer.
      expect(mail.headers?.['List-Unsubscribe']).toMatch(
        /^<https:\/\/vocagarden\.test\/cyberapi\/email\/unsubscribe\/\?token=[\w%.-]+>$/,
      );
      expect(mail.headers?.['List-Unsubscribe-Post']).toBe('List-Unsubscribe=One-Click');
      expect(mail.text).toMatch(/https:\/\/vocagarden\.test\/unsubscribe\?token=/);
      expect(mail.html).toContain('https://vocagarden.test/unsubscribe?token=');
      expect(mail.text).toContain('https://vocagarden.test/home?plans=1');
      expect(mail.html).toContain('https://vocagarden.test/home?plans=1');
      expect(mail.text).toContain('2027');
    },
  );
});
