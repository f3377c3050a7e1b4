import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SAMPLE, seedSampleContent } from '../../../test/content-fixture.ts';
import { signUp, uniqueEmail } from '../../../test/factories.ts';
import { createTestApp, lastMail, request, testDatabase, testMail } from '../../../test/test-app.ts';
import { contactMessages, issueReports } from '../../db/schema.ts';

let app: FastifyInstance;
beforeAll(async () => {
  app = await createTestApp();
  await seedSampleContent((await testDatabase()).db);
});
afterAll(() => app.close());

const sendContact = (payload: object, options: { token?: string; remoteAddress?: string } = {}) =>
  request(app, { method: 'POST', url: '/cyberapi/contact-messages/', payload, ...options });

const report = (payload: object, token?: string) =>
  request(app, { method: 'POST', url: '/cyberapi/issue-reports/', payload, ...(token ? { token } : {}) });

const mine = (token: string) => request(app, { method: 'GET', url: '/cyberapi/issue-reports/mine/', token });

async function storedMessages(email: string) {
  const { db } = await testDatabase();
  return db.select().from(contactMessages).where(eq(contactMessages.email, email));
}

/** A client address of its own, so the per-IP limit of one test never meets another's. */
let ipSequence = 0;
const ownIp = () => `192.0.2.${(ipSequence += 1)}`;

describe('contact messages', () => {
  it('stores a visitor’s message and confirms it in English without repeating the body', async () => {
    const email = uniqueEmail('visitor');
    const body = 'Please call me back about https://spam.example/win and a prize.';
    const response = await sendContact({ email, subject: '  Question about lists ', content: body });
    expect(response.statusCode).toBe(201);
    expect(response.json()).toEqual({ detail: expect.any(String) });

    const [stored] = await storedMessages(email);
    expect(stored).toMatchObject({ subject: 'Question about lists', content: body.trim(), userId: null });

    const mail = await lastMail(app, email);
    expect(mail.subject).toBe('We received your message');
    expect(mail.text).toContain('“Question about lists”');
    expect(mail.text.startsWith('Hello,')).toBe(true);
    for (const part of [mail.text, mail.html]) {
      expect(part).not.toContain('spam.example');
      expect(part).not.toContain('prize');
    }
  });

  it('links a signed-in sender’s message to the account and confirms it in their language', async () => {
    const { token, user } = await signUp(app, { first_name: 'Ayla', native_language_code: 'tr' });
    const response = await sendContact(
      { email: user.email, subject: 'Ses sorunu', content: 'Ses çalmıyor.' },
      { token },
    );
    expect(response.statusCode).toBe(201);
    const [stored] = await storedMessages(user.email);
    expect(stored?.userId).toBe(user.id);

    const mail = await lastMail(app, user.email);
    expect(mail.subject).toBe('Mesajını aldık');
    expect(mail.text.startsWith('Merhaba Ayla,')).toBe(true);
    expect(mail.text).toContain('“Ses sorunu”');
  });

  it('greets no one by name when a signed-in sender gives another address', async () => {
    const { token } = await signUp(app, { first_name: 'Ayla', native_language_code: 'es' });
    const other = uniqueEmail('other');
    expect((await sendContact({ email: other, subject: 'Hola', content: 'Texto' }, { token })).statusCode).toBe(201);
    const mail = await lastMail(app, other);
    expect(mail.subject).toBe('Hemos recibido tu mensaje');
    expect(mail.text.startsWith('Hola:')).toBe(true);
  });

  it('does not repeat a subject that could pass for a link or an address', async () => {
    const email = uniqueEmail('visitor');
    for (const subject of ['Claim your prize at win.example', 'Write to boss@evil.example']) {
      expect((await sendContact({ email, subject, content: 'x' })).statusCode).toBe(201);
      const mail = await lastMail(app, email);
      expect(mail.text).toContain('We received your message and will answer');
      expect(mail.text + mail.html).not.toMatch(/example/);
    }
  });

  it('takes 5 messages an hour from one IP, then answers 429 with Retry-After', async () => {
    const ip = ownIp();
    for (let index = 0; index < 5; index += 1) {
      const response = await sendContact(
        { email: uniqueEmail('busy'), subject: `Message ${index}`, content: 'Hello' },
        { remoteAddress: ip },
      );
      expect(response.statusCode).toBe(201);
    }
    const email = uniqueEmail('busy');
    const refused = await sendContact({ email, subject: 'One more', content: 'Hello' }, { remoteAddress: ip });
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({ code: 'throttled' });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(3000);
    expect(await storedMessages(email)).toEqual([]);
    // Another client is not affected.
    expect((await sendContact({ email, subject: 'Hi', content: 'Hello' }, { remoteAddress: ownIp() })).statusCode).toBe(
      201,
    );
  });

  it('stores every message but sends one address at most 5 confirmations a day, whatever the IPs', async () => {
    const email = uniqueEmail('victim');
    for (let index = 0; index < 7; index += 1) {
      const response = await sendContact({ email, subject: `Hello ${index}`, content: 'Hello' });
      expect(response.statusCode).toBe(201);
    }
    expect(await storedMessages(email)).toHaveLength(7);
    await lastMail(app, email);
    expect((await testMail()).to(email)).toHaveLength(5);
  });

  it.each([
    ['an invalid email', { email: 'not-an-email' }],
    ['an email over 254 characters', { email: `${'a'.repeat(250)}@example.com` }],
    ['an empty subject', { subject: '   ' }],
    ['a subject over 200 characters', { subject: 'x'.repeat(201) }],
    ['a message over 5,000 characters', { content: 'x'.repeat(5001) }],
    ['an empty message', { content: '' }],
    ['a NUL in the subject', { subject: 'a\0b' }],
    ['a NUL in the message', { content: 'a\0b' }],
    ['a missing field', { content: undefined }],
  ])('refuses %s with 400 and stores nothing', async (_label, change) => {
    const email = uniqueEmail('invalid');
    const response = await sendContact({ email, subject: 'Subject', content: 'Message', ...change });
    expect(response.statusCode).toBe(400);
    expect(await storedMessages(email)).toEqual([]);
  });

  it('accepts the longest subject and message the contract allows', async () => {
    const email = uniqueEmail('long');
    const response = await sendContact({ email, subject: 's'.repeat(200), content: 'c'.repeat(5000) });
    expect(response.statusCode).toBe(201);
    const [stored] = await storedMessages(email);
    expect(stored?.content).toHaveLength(5000);
  });
});

describe('issue reports', () => {
  it('stores a learner’s report about a word and answers the row', async () => {
    const { token, user } = await signUp(app);
    const response = await report(
      {
        issue_id: 'wrong_translation',
        issue_description: ' The Turkish is wrong. ',
        page: '/play/1901',
        voca_id: SAMPLE.appleId,
      },
      token,
    );
    expect(response.statusCode).toBe(201);
    const row = response.json();
    expect(row).toEqual({
      id: expect.any(Number),
      user: user.email,
      user_id: user.id,
      issue_id: 'wrong_translation',
      issue_description: 'The Turkish is wrong.',
      page: '/play/1901',
      voca_id: SAMPLE.appleId,
      created_at: expect.any(String),
      resolved: false,
    });
    const { db } = await testDatabase();
    const [stored] = await db.select().from(issueReports).where(eq(issueReports.id, row.id));
    expect(stored).toMatchObject({ userId: user.id, vocaId: SAMPLE.appleId, resolved: false });
  });

  it('takes a report without a word or page', async () => {
    const { token } = await signUp(app);
    const response = await report({ issue_id: 'app_bug', issue_description: 'The menu does not open.' }, token);
    expect(response.statusCode).toBe(201);
    expect(response.json()).toMatchObject({ page: null, voca_id: null });
  });

  it('answers 401 to a visitor', async () => {
    const response = await report({ issue_id: 'other', issue_description: 'Hello' });
    expect(response.statusCode).toBe(401);
  });

  it('refuses an unknown word, an unknown kind, an empty or too long description and NUL with 400', async () => {
    const { token } = await signUp(app);
    const unknown = await report({ issue_id: 'audio', issue_description: 'No sound', voca_id: 99_999_999 }, token);
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toMatchObject({ code: 'unknown_vocas' });
    for (const payload of [
      { issue_id: 'spelling', issue_description: 'x' },
      { issue_id: 'audio', issue_description: '  ' },
      { issue_id: 'audio', issue_description: 'x'.repeat(2001) },
      { issue_id: 'audio', issue_description: 'a\0b' },
      { issue_id: 'audio', issue_description: 'x', page: 'p'.repeat(301) },
      { issue_id: 'audio', issue_description: 'x', voca_id: 0 },
    ]) {
      expect((await report(payload, token)).statusCode, JSON.stringify(payload).slice(0, 80)).toBe(400);
    }
    expect((await mine(token)).json()).toEqual([]);
  });

  it('takes 10 reports an hour from one learner, then answers 429', async () => {
    const { token } = await signUp(app);
    for (let index = 0; index < 10; index += 1) {
      expect((await report({ issue_id: 'other', issue_description: `Report ${index}` }, token)).statusCode).toBe(201);
    }
    const refused = await report({ issue_id: 'other', issue_description: 'One more' }, token);
    expect(refused.statusCode).toBe(429);
    expect(refused.headers['retry-after']).toBeDefined();
    // Another learner is not affected.
    const other = await signUp(app);
    expect((await report({ issue_id: 'other', issue_description: 'Mine' }, other.token)).statusCode).toBe(201);
  });

  it('names the author as the staff table does: first and last name, else the email', async () => {
    const { token } = await signUp(app, { first_name: 'Ayla', last_name: 'Yıldız' });
    const response = await report({ issue_id: 'other', issue_description: 'Hello' }, token);
    expect(response.json()).toMatchObject({ user: 'Ayla Yıldız' });
  });

  it('lists only the caller’s own reports, newest first, with the word and whether each is resolved', async () => {
    const author = await signUp(app);
    const someoneElse = await signUp(app);
    const first = (
      await report({ issue_id: 'audio', issue_description: 'No sound', voca_id: SAMPLE.appleId }, author.token)
    ).json();
    const second = (await report({ issue_id: 'app_bug', issue_description: 'Crash' }, author.token)).json();
    await report({ issue_id: 'other', issue_description: 'Not yours' }, someoneElse.token);
    const { db } = await testDatabase();
    await db.update(issueReports).set({ resolved: true }).where(eq(issueReports.id, first.id));

    const response = await mine(author.token);
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    expect(response.json()).toEqual([
      { ...second, word: null },
      { ...first, resolved: true, word: 'apple' },
    ]);
    expect((await request(app, { method: 'GET', url: '/cyberapi/issue-reports/mine/' })).statusCode).toBe(401);
  });
});
