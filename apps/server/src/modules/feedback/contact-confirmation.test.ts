import { describe, expect, it } from 'vitest';
import { contactConfirmationEmail, echoableSubject } from '../../lib/email/templates.ts';

describe('contact confirmation', () => {
  it.each([
    ['en', 'We received your message', 'Hello Ayla,'],
    ['es', 'Hemos recibido tu mensaje', 'Hola Ayla:'],
    ['tr', 'Mesajını aldık', 'Merhaba Ayla,'],
    ['az', 'Mesajını aldıq', 'Salam, Ayla!'],
  ] as const)('thanks the sender in %s and repeats a plain subject', (language, subject, greeting) => {
    const mail = contactConfirmationEmail(
      { email: 'ayla@example.com', firstName: 'Ayla', language },
      'Audio <does not> play',
    );
    expect(mail.subject).toBe(subject);
    expect(mail.to).toBe('ayla@example.com');
    expect(mail.text.startsWith(greeting)).toBe(true);
    // A subject with angle brackets is not repeated at all (they could open HTML); a plain one is.
    expect(mail.text).not.toContain('does not');
    const plain = contactConfirmationEmail({ email: 'ayla@example.com', firstName: '', language }, 'Audio problem');
    expect(plain.text).toContain('Audio problem');
    expect(plain.html).toContain('Audio problem');
  });

  it.each([
    'Win money at https://evil.example',
    'visit evil.com now',
    'www.evil',
    'mail boss@evil.example',
    'line one\nline two',
    'right\u202Eto-left',
    'x'.repeat(101),
    '   ',
  ])('leaves out the subject %j', (subject) => {
    expect(echoableSubject(subject)).toBeNull();
    const mail = contactConfirmationEmail({ email: 'a@example.com', firstName: '', language: 'en' }, subject);
    expect(mail.text).toContain('We received your message and will answer');
  });

  it.each(['Question about lists', 'Şarkı sözleri?', '¿Dónde está mi lista?', 'x'.repeat(100)])(
    'repeats the subject %j',
    (subject) => {
      expect(echoableSubject(` ${subject} `)).toBe(subject);
    },
  );
});
