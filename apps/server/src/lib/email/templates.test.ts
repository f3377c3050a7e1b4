import { describe, expect, it } from 'vitest';
import { greetingName, welcomeEmail } from './templates.ts';

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
