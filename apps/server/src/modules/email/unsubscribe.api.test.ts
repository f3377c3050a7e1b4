import { API_BASE } from '@vocagarden/contract';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUp } from '../../../test/factories.ts';
import { createTestApp, request, testDatabase, testMail, TestClock } from '../../../test/test-app.ts';
import { userActions, users } from '../../db/schema.ts';
import { appSecret, linkSigner, type LinkSigner } from '../../lib/signed-links.ts';
import { unsubscribeToken } from './unsubscribe-links.ts';

const DAY = 24 * 60 * 60_000;

let app: FastifyInstance;
let links: LinkSigner;
/** A month back: a week's plan bought now ends in the past's future, so its reminder is due at once. */
const clock = new TestClock();
clock.advance(-30 * DAY);

beforeAll(async () => {
  app = await createTestApp({ clock });
  const { db } = await testDatabase();
  // The servers' own key, as every instance reads it.
  links = linkSigner(await appSecret(db, 'email-links'));
});

afterAll(() => app.close());

const preferences = async (token: string) =>
  (await request(app, { method: 'GET', url: `${API_BASE}/user/email-preferences/`, token })).json() as Record<
    string,
    boolean
  >;

/** What a mail client does with List-Unsubscribe-Post (RFC 8058): a form POST, no cookies, no token. */
const oneClick = (url: string) =>
  app.inject({
    method: 'POST',
    url: url.replace('http://vocagarden.test', ''),
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: 'List-Unsubscribe=One-Click',
  });

describe('one-click unsubscribe from a real email', () => {
  it('carries List-Unsubscribe and List-Unsubscribe-Post, and one POST turns the kind off at once', async () => {
    const learner = await signUp(app);
    const catalogue = (await request(app, { method: 'GET', url: `${API_BASE}/premium/plans/` })).json() as {
      plans: { id: number; unit: string }[];
    };
    const week = catalogue.plans.find((plan) => plan.unit === 'week')!;
    const checkout = await request(app, {
      method: 'POST',
      url: `${API_BASE}/premium/checkout/`,
      token: learner.token,
      payload: { plan_id: week.id, units: 1 },
    });
    const { order_id } = checkout.json() as { order_id: number };
    await request(app, {
      method: 'POST',
      url: `${API_BASE}/premium/sandbox/${order_id}/`,
      token: learner.token,
      payload: { outcome: 'paid' },
    });
    await app.jobs.drain();
    const sink = await testMail();
    await expect
      .poll(() => sink.to(learner.user.email).filter((mail) => mail.headers['list-unsubscribe']).length, {
        timeout: 10_000,
      })
      .toBe(1);
    const reminder = sink.to(learner.user.email).find((mail) => mail.headers['list-unsubscribe'])!;
    expect(reminder.subject).toBe('Your VocaGarden Premium ends in 3 days');
    expect(reminder.headers['list-unsubscribe-post']).toBe('List-Unsubscribe=One-Click');
    const url = /^<(https?:\/\/[^>]+)>$/.exec(reminder.headers['list-unsubscribe']!)![1]!;
    expect(url).toMatch(/^http:\/\/vocagarden\.test\/cyberapi\/email\/unsubscribe\/\?token=/);
    // The footer links to the page that asks first, with the same token.
    const token = new URL(url).searchParams.get('token')!;
    expect(reminder.text).toContain(`http://vocagarden.test/unsubscribe?token=${encodeURIComponent(token)}`);
    // The receipt is about the account: no way to unsubscribe from it.
    expect(sink.to(learner.user.email).find((mail) => mail.subject.includes('receipt'))!.headers).not.toHaveProperty(
      'list-unsubscribe',
    );

    expect((await preferences(learner.token)).product_news).toBe(true);
    const answer = await oneClick(url);
    expect(answer.statusCode).toBe(200);
    expect(answer.json()).toEqual({
      kind: 'product_news',
      email: expect.stringMatching(/^l•••@example\.com$/),
      subscribed: false,
    });
    expect(await preferences(learner.token)).toMatchObject({ product_news: false, study_reminders: true });
    // Again: nothing more to do, same answer.
    expect((await oneClick(url)).json()).toMatchObject({ subscribed: false });
    const { db } = await testDatabase();
    const logged = await db
      .select()
      .from(userActions)
      .where(and(eq(userActions.userId, learner.user.id), eq(userActions.action, 'email_unsubscribe')));
    expect(logged[0]?.details).toBe('product_news (link in an email)');
  });
});

describe('the link opened in a browser or by a scanner', () => {
  it('leads to the page that asks first (302) and changes nothing; the page learns what it would turn off', async () => {
    const learner = await signUp(app);
    const token = unsubscribeToken(links, { userId: learner.user.id, kind: 'study_reminders' });
    const opened = await request(app, {
      method: 'GET',
      url: `${API_BASE}/email/unsubscribe/?token=${encodeURIComponent(token)}`,
    });
    expect(opened.statusCode).toBe(302);
    expect(opened.headers.location).toBe(`/unsubscribe?token=${encodeURIComponent(token)}`);
    expect((await preferences(learner.token)).study_reminders).toBe(true);

    const info = await request(app, {
      method: 'GET',
      url: `${API_BASE}/email/unsubscribe/info/?token=${encodeURIComponent(token)}`,
    });
    expect(info.json()).toEqual({
      kind: 'study_reminders',
      email: expect.stringMatching(/•••@example\.com$/),
      subscribed: true,
    });
    expect((await preferences(learner.token)).study_reminders).toBe(true);

    // The page's button: a JSON POST works as well as the mail client's form.
    const done = await request(app, {
      method: 'POST',
      url: `${API_BASE}/email/unsubscribe/?token=${encodeURIComponent(token)}`,
    });
    expect(done.json()).toMatchObject({ kind: 'study_reminders', subscribed: false });
    expect((await preferences(learner.token)).study_reminders).toBe(false);
  });

  it('refuses a changed, foreign or made-up link with 400 invalid_link, and changes nothing', async () => {
    const learner = await signUp(app);
    await request(app, {
      method: 'PATCH',
      url: `${API_BASE}/user/email-preferences/`,
      token: learner.token,
      payload: { campaign_emails: true },
    });
    const genuine = unsubscribeToken(links, { userId: learner.user.id, kind: 'campaign_emails' });
    const [body, signature] = genuine.split('.') as [string, string];
    const someoneElse = Buffer.from(JSON.stringify({ u: learner.user.id + 1, k: 'campaign_emails' })).toString(
      'base64url',
    );
    const forged = [
      `${someoneElse}.${signature}`,
      `${body}.${signature.slice(0, -2)}${signature.endsWith('AA') ? 'BB' : 'AA'}`,
      linkSigner('another-secret').sign('unsubscribe', { u: learner.user.id, k: 'campaign_emails' }),
      // Signed by us, but for another purpose (a click link).
      links.sign('click', { u: learner.user.id, k: 'campaign_emails' }),
      'nonsense',
      `${body}.`,
    ];
    for (const token of forged) {
      for (const method of ['POST', 'GET'] as const) {
        const url = `${API_BASE}/email/unsubscribe/${method === 'GET' ? 'info/' : ''}?token=${encodeURIComponent(token)}`;
        const answer = await request(app, { method, url });
        expect(answer.statusCode, `${method} ${token}`).toBe(400);
        expect(answer.json()).toEqual({
          detail: 'This link is not valid. Please use the newest email we sent you.',
          code: 'invalid_link',
        });
      }
    }
    expect((await preferences(learner.token)).campaign_emails).toBe(true);
  });

  it('answers 400 for a deleted account, not 500', async () => {
    const learner = await signUp(app);
    const token = unsubscribeToken(links, { userId: learner.user.id, kind: 'product_news' });
    const { db } = await testDatabase();
    await db.delete(users).where(eq(users.id, learner.user.id));
    expect((await oneClick(`${API_BASE}/email/unsubscribe/?token=${encodeURIComponent(token)}`)).statusCode).toBe(400);
  });
});

describe('marketing consent', () => {
  it('is off for a new account, dated when turned on, and kept off when turned off', async () => {
    const learner = await signUp(app);
    expect(await preferences(learner.token)).toEqual({
      product_news: true,
      campaign_emails: false,
      study_reminders: true,
    });
    const { db } = await testDatabase();
    const consentAt = async () =>
      (await db.select().from(users).where(eq(users.id, learner.user.id)))[0]!.emailCampaignsConsentAt;
    expect(await consentAt()).toBeNull();
    await request(app, {
      method: 'PATCH',
      url: `${API_BASE}/user/email-preferences/`,
      token: learner.token,
      payload: { campaign_emails: true },
    });
    expect((await consentAt())?.getTime()).toBeCloseTo(clock.now().getTime(), -4);
    await request(app, {
      method: 'PATCH',
      url: `${API_BASE}/user/email-preferences/`,
      token: learner.token,
      payload: { campaign_emails: false },
    });
    expect((await preferences(learner.token)).campaign_emails).toBe(false);
  });
});
