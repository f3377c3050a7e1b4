import { API_BASE, BOUNCE_SECRET_HEADER, type Campaign, type CampaignInput } from '@vocagarden/contract';
import { eq, inArray } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUp } from '../../../test/factories.ts';
import { startSmtpSink } from '../../../test/smtp-sink.ts';
import { createTestApp, request, testDatabase, testMail } from '../../../test/test-app.ts';
import { emailRecipients, premiumSubscriptions, users } from '../../db/schema.ts';

const BOUNCE_SECRET = 'a-long-bounce-webhook-secret';

let app: FastifyInstance;
let staff: { token: string; id: number; email: string };
/** Every campaign's audience is narrowed to this tag's learners: other test files' learners stay out. */
const tag = `cmp${process.pid}x${Date.now().toString(36)}`;

async function makeStaff() {
  const session = await signUp(app, { first_name: 'Selin' });
  const { db } = await testDatabase();
  await db.update(users).set({ isStaff: true }).where(eq(users.id, session.user.id));
  return { token: session.token, id: session.user.id, email: session.user.email };
}

/** A learner of ours: consenting to offers or not, premium or not, with a language. */
async function learner(options: { offers?: boolean; premium?: boolean; language?: 'en' | 'tr' | 'es' | 'az' } = {}) {
  const session = await signUp(app, {
    email: `${tag}.${Math.random().toString(36).slice(2)}@example.com`,
    native_language_code: options.language ?? 'en',
    first_name: 'Lea',
  });
  if (options.offers ?? true) {
    await request(app, {
      method: 'PATCH',
      url: `${API_BASE}/user/email-preferences/`,
      token: session.token,
      payload: { campaign_emails: true },
    });
  }
  if (options.premium) {
    const { db } = await testDatabase();
    await db.insert(premiumSubscriptions).values({
      userId: session.user.id,
      plan: 'Week 1',
      startDate: new Date(Date.now() - 60_000),
      endDate: new Date(Date.now() + 7 * 24 * 3600_000),
      paymentAmount: 3990,
    });
  }
  return session;
}

const input = (overrides: Partial<CampaignInput> = {}): CampaignInput => ({
  name: `Spring offer ${tag}`,
  subject: { en: 'Spring is here', es: 'Llega la primavera', tr: 'Bahar geldi', az: 'Bahar gəldi' },
  body: {
    en: 'Hello! **Half price** this week. [See the plans](https://vocagarden.test/home?plans=1)',
    es: '¡Hola! **Mitad de precio**. [Ver planes](https://vocagarden.test/home?plans=1)',
    tr: 'Merhaba! **Yarı fiyatına**. [Planlar](https://vocagarden.test/home?plans=1)',
    az: 'Salam! **Yarı qiymətə**. [Planlar](https://vocagarden.test/home?plans=1)',
  },
  audience: { plan: 'all', inactive_days: null, native_language_codes: [] },
  ...overrides,
});

const staffCall = (method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, payload?: object) =>
  request(app, { method, url: `${API_BASE}${url}`, token: staff.token, ...(payload ? { payload } : {}) });

/** Creates a campaign whose audience also requires our tag (by restricting on the recipients' emails afterwards). */
async function createCampaign(overrides: Partial<CampaignInput> = {}): Promise<Campaign> {
  const created = await staffCall('POST', '/campaigns/', input(overrides));
  expect(created.statusCode, created.body).toBe(201);
  return created.json() as Campaign;
}

async function recipientsOf(campaignId: number) {
  const { db } = await testDatabase();
  return db.select().from(emailRecipients).where(eq(emailRecipients.campaignId, campaignId));
}

beforeAll(async () => {
  // Held until the recipients are narrowed to ours: a campaign is queued to start a minute later.
  app = await createTestApp({ campaignSender: { chunkMs: 2_000, expireInSeconds: 30, ratePerSecond: 1_000 } });
  staff = await makeStaff();
});

afterAll(() => app.close());

/** Sends a campaign to exactly our learners: other files' consenting learners are removed before sending. */
async function sendToOurs(campaign: Campaign) {
  const scheduled = await staffCall('POST', `/campaigns/${campaign.id}/send/`, {
    at: new Date(Date.now() + 1_500).toISOString(),
  });
  expect(scheduled.statusCode, scheduled.body).toBe(202);
  const { db } = await testDatabase();
  const all = await recipientsOf(campaign.id);
  const others = all.filter((row) => !row.email.startsWith(`${tag}.`)).map((row) => row.id);
  if (others.length > 0) await db.delete(emailRecipients).where(inArray(emailRecipients.id, others));
  await expect
    .poll(async () => ((await staffCall('GET', `/campaigns/${campaign.id}/`)).json() as Campaign).status, {
      timeout: 20_000,
    })
    .toBe('sent');
  return (await staffCall('GET', `/campaigns/${campaign.id}/`)).json() as Campaign;
}

describe('who may run campaigns', () => {
  it('answers 401 signed out and 403 to a learner on every campaign route', async () => {
    const someone = await learner({ offers: false });
    for (const [method, url] of [
      ['GET', '/campaigns/'],
      ['POST', '/campaigns/'],
      ['GET', '/campaigns/1/'],
      ['PATCH', '/campaigns/1/'],
      ['DELETE', '/campaigns/1/'],
      ['GET', '/campaigns/1/preview/?language=en'],
      ['POST', '/campaigns/1/test/'],
      ['POST', '/campaigns/1/send/'],
      ['GET', '/vocaemailrecipient/'],
    ] as const) {
      expect((await request(app, { method, url: `${API_BASE}${url}` })).statusCode, `${method} ${url}`).toBe(401);
      const refused = await request(app, { method, url: `${API_BASE}${url}`, token: someone.token, payload: {} });
      expect(refused.statusCode, `${method} ${url}`).toBe(403);
    }
  });
});

describe('a campaign', () => {
  it('reaches exactly the consenting learners of its audience, one row each, in their language', async () => {
    const consenting = await learner();
    const turkish = await learner({ language: 'tr' });
    const notConsenting = await learner({ offers: false });
    const premium = await learner({ premium: true });
    const bounced = await learner();
    const { db } = await testDatabase();
    await db.update(users).set({ emailBouncedAt: new Date() }).where(eq(users.id, bounced.user.id));

    const free = await createCampaign({ audience: { plan: 'free', inactive_days: null, native_language_codes: [] } });
    expect(free.status).toBe('draft');
    const done = await sendToOurs(free);
    const rows = await recipientsOf(free.id);
    expect(rows.map((row) => row.userId).sort()).toEqual([consenting.user.id, turkish.user.id].sort());
    expect(done.totals).toMatchObject({ recipients: 2, sent: 2 });
    expect(rows.every((row) => row.sentAt !== null)).toBe(true);
    for (const other of [notConsenting, premium, bounced]) {
      expect((await testMail()).to(other.user.email).filter((mail) => mail.subject.includes('Spring'))).toEqual([]);
    }
    const sink = await testMail();
    const english = sink.last(consenting.user.email);
    expect(english.subject).toBe('Spring is here');
    expect(english.html).toContain('<strong>Half price</strong>');
    expect(english.text).toContain('Half price');
    expect(english.headers['list-unsubscribe-post']).toBe('List-Unsubscribe=One-Click');
    expect(sink.last(turkish.user.email).subject).toBe('Bahar geldi');

    // Premium only, and by language: the audience narrows as asked.
    const premiumOnly = await createCampaign({
      audience: { plan: 'premium', inactive_days: null, native_language_codes: ['en'] },
    });
    await sendToOurs(premiumOnly);
    expect((await recipientsOf(premiumOnly.id)).map((row) => row.userId)).toEqual([premium.user.id]);
  });

  it('tracks the first open, a click (to the signed address only) and a one-click unsubscribe', async () => {
    const reader = await learner();
    const campaign = await createCampaign();
    await sendToOurs(campaign);
    const mail = (await testMail()).last(reader.user.email);
    const [row] = (await recipientsOf(campaign.id)).filter((item) => item.userId === reader.user.id);

    const pixel = /<img src="([^"]+\/email\/open\/[^"]+)"/.exec(mail.html)![1]!;
    const opened = await app.inject({ method: 'GET', url: pixel.replace('http://vocagarden.test', '') });
    expect(opened.statusCode).toBe(200);
    expect(opened.headers['content-type']).toBe('image/gif');

    const link = /<a href="([^"]+\/email\/click\/[^"]+)"/.exec(mail.html)![1]!.replace(/&amp;/g, '&');
    const clicked = await app.inject({ method: 'GET', url: link.replace('http://vocagarden.test', '') });
    expect(clicked.statusCode).toBe(302);
    expect(clicked.headers.location).toBe('https://vocagarden.test/home?plans=1');

    // A changed link goes nowhere: 400, and nothing is recorded for it.
    const token = new URL(link).searchParams.get('token')!;
    const [body, signature] = token.split('.') as [string, string];
    const elsewhere = Buffer.from(JSON.stringify({ r: row!.id, u: 'https://evil.example/' })).toString('base64url');
    // The changed signature must differ from the real one: its first character is x one time in 64.
    const changedSignature = `${signature.startsWith('x') ? 'y' : 'x'}${signature.slice(1)}`;
    for (const forged of [`${elsewhere}.${signature}`, `${body}.${changedSignature}`, 'nonsense']) {
      const refused = await request(app, {
        method: 'GET',
        url: `${API_BASE}/email/click/?token=${encodeURIComponent(forged)}`,
      });
      expect(refused.statusCode, forged).toBe(400);
      expect(refused.headers.location).toBeUndefined();
    }

    const unsubscribeUrl = /^<([^>]+)>$/.exec(mail.headers['list-unsubscribe']!)![1]!;
    const left = await app.inject({
      method: 'POST',
      url: unsubscribeUrl.replace('http://vocagarden.test', ''),
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(left.statusCode).toBe(200);

    const [tracked] = (await recipientsOf(campaign.id)).filter((item) => item.userId === reader.user.id);
    expect(tracked!.openedAt).not.toBeNull();
    expect(tracked!.clickedAt).not.toBeNull();
    expect(tracked!.unsubscribedAt).not.toBeNull();
    const firstOpen = tracked!.openedAt!.getTime();
    await app.inject({ method: 'GET', url: pixel.replace('http://vocagarden.test', '') });
    expect((await recipientsOf(campaign.id)).find((item) => item.id === tracked!.id)!.openedAt!.getTime()).toBe(
      firstOpen,
    );

    // The next campaign skips the learner who left.
    const next = await createCampaign();
    await sendToOurs(next);
    expect((await recipientsOf(next.id)).map((item) => item.userId)).not.toContain(reader.user.id);

    // The staff table shows the timestamps, 'N/A' being the web's business.
    const table = await staffCall('GET', `/vocaemailrecipient/?campaign=${campaign.id}&page_size=100`);
    const mine = (table.json() as { results: Record<string, unknown>[] }).results.find(
      (item) => item.user === reader.user.id,
    )!;
    expect(mine).toMatchObject({ campaign_name: campaign.name, username: reader.user.email.split('@')[0] });
    for (const field of ['sent_at', 'opened_at', 'clicked_at', 'unsubscribed_at'])
      expect(mine[field]).toEqual(expect.any(String));
    expect(mine.bounced_at).toBeNull();
    const totals = ((await staffCall('GET', `/campaigns/${campaign.id}/`)).json() as Campaign).totals;
    expect(totals).toMatchObject({ opened: 1, clicked: 1, unsubscribed: 1 });
  });

  it('marks a 5xx at send time bounced, and the address gets no optional mail after', async () => {
    // An SMTP server that refuses this one mailbox for good.
    const victim = await learner();
    const refusing = await startSmtpSink({ refuses: (address) => address === victim.user.email.toLowerCase() });
    const bouncingApp = await createTestApp({
      smtpUrl: refusing.url,
      campaignSender: { chunkMs: 2_000, ratePerSecond: 1_000 },
    });
    try {
      const campaign = (
        await request(bouncingApp, {
          method: 'POST',
          url: `${API_BASE}/campaigns/`,
          token: staff.token,
          payload: input(),
        })
      ).json() as Campaign;
      await request(bouncingApp, {
        method: 'POST',
        url: `${API_BASE}/campaigns/${campaign.id}/send/`,
        token: staff.token,
        payload: { at: new Date(Date.now() + 1_500).toISOString() },
      });
      const { db } = await testDatabase();
      const others = (await recipientsOf(campaign.id)).filter((row) => row.userId !== victim.user.id);
      if (others.length > 0)
        await db.delete(emailRecipients).where(
          inArray(
            emailRecipients.id,
            others.map((row) => row.id),
          ),
        );
      await expect
        .poll(async () => (await recipientsOf(campaign.id))[0]?.bouncedAt ?? null, { timeout: 20_000 })
        .not.toBeNull();
      const [user] = await db.select().from(users).where(eq(users.id, victim.user.id));
      expect(user!.emailBouncedAt).not.toBeNull();
      expect((await recipientsOf(campaign.id))[0]!.sentAt).toBeNull();
    } finally {
      await bouncingApp.close();
      await refusing.close();
    }
  });

  it('takes bounce notifications only with the shared secret, and marks the address bounced', async () => {
    const bounced = await learner();
    const notify = (secret?: string) =>
      request(app, {
        method: 'POST',
        url: `${API_BASE}/email/bounces/`,
        payload: { email: bounced.user.email, permanent: true },
        ...(secret ? { headers: { [BOUNCE_SECRET_HEADER]: secret } } : {}),
      });
    expect((await notify()).statusCode).toBe(403);
    expect((await notify('wrong-secret-wrong-secret')).statusCode).toBe(403);
    const { db } = await testDatabase();
    expect((await db.select().from(users).where(eq(users.id, bounced.user.id)))[0]!.emailBouncedAt).toBeNull();
    // The test app has no secret configured: every notification is refused, whatever it carries.
    expect((await notify(BOUNCE_SECRET)).statusCode).toBe(403);

    // With the secret configured, a permanent bounce marks the address and the message it answers.
    const withSecret = await createTestApp({ bounceSecret: BOUNCE_SECRET });
    try {
      const reader = await learner();
      const campaign = await createCampaign();
      await sendToOurs(campaign);
      const accepted = await request(withSecret, {
        method: 'POST',
        url: `${API_BASE}/email/bounces/`,
        payload: { email: reader.user.email.toUpperCase(), permanent: true },
        headers: { [BOUNCE_SECRET_HEADER]: BOUNCE_SECRET },
      });
      expect(accepted.statusCode).toBe(204);
      const transient = await request(withSecret, {
        method: 'POST',
        url: `${API_BASE}/email/bounces/`,
        payload: { email: bounced.user.email, permanent: false },
        headers: { [BOUNCE_SECRET_HEADER]: BOUNCE_SECRET },
      });
      expect(transient.statusCode).toBe(204);
      const [user] = await db.select().from(users).where(eq(users.id, reader.user.id));
      expect(user!.emailBouncedAt).not.toBeNull();
      const [row] = (await recipientsOf(campaign.id)).filter((item) => item.userId === reader.user.id);
      expect(row!.bouncedAt).not.toBeNull();
      // A transient failure changes nothing.
      expect((await db.select().from(users).where(eq(users.id, bounced.user.id)))[0]!.emailBouncedAt).toBeNull();
      // And the next campaign leaves the bounced address out.
      const next = await createCampaign();
      await sendToOurs(next);
      expect((await recipientsOf(next.id)).map((item) => item.userId)).not.toContain(reader.user.id);
    } finally {
      await withSecret.close();
    }
  });

  it('changes and deletes only drafts; a second send is a 409', async () => {
    const campaign = await createCampaign();
    const renamed = await staffCall('PATCH', `/campaigns/${campaign.id}/`, { name: `Renamed ${tag}` });
    expect((renamed.json() as Campaign).name).toBe(`Renamed ${tag}`);
    const preview = await staffCall('GET', `/campaigns/${campaign.id}/preview/?language=tr`);
    expect(preview.json()).toMatchObject({ subject: 'Bahar geldi' });
    expect((preview.json() as { html: string }).html).toContain('<strong>Yarı fiyatına</strong>');
    expect((await staffCall('POST', `/campaigns/${campaign.id}/test/`, { language: 'es' })).statusCode).toBe(202);
    await expect
      .poll(
        async () => (await testMail()).to(staff.email).some((mail) => mail.subject === '[TEST] Llega la primavera'),
        { timeout: 10_000 },
      )
      .toBe(true);

    await sendToOurs(campaign);
    expect((await staffCall('POST', `/campaigns/${campaign.id}/send/`, {})).statusCode).toBe(409);
    expect((await staffCall('PATCH', `/campaigns/${campaign.id}/`, { name: 'x' })).statusCode).toBe(409);
    expect((await staffCall('DELETE', `/campaigns/${campaign.id}/`)).statusCode).toBe(409);
    const draft = await createCampaign();
    expect((await staffCall('DELETE', `/campaigns/${draft.id}/`)).statusCode).toBe(204);
    expect((await staffCall('GET', `/campaigns/${draft.id}/`)).statusCode).toBe(404);
  });

  it('refuses Markdown that would run or load on its own', async () => {
    const campaign = await createCampaign({
      body: {
        ...input().body,
        en: 'Hi <script>alert(1)</script> <img src="http://tracker.example/x.png" onerror="alert(1)"> [x](javascript:alert(1))',
      },
    });
    const preview = (await staffCall('GET', `/campaigns/${campaign.id}/preview/?language=en`)).json() as {
      html: string;
    };
    expect(preview.html).not.toMatch(/<script|onerror|javascript:|http:\/\/tracker/);
  });
});
