import type { FastifyInstance, InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SAMPLE, seedSampleContent } from '../../../test/content-fixture.ts';
import { signUp } from '../../../test/factories.ts';
import { createTestApp, request, TestClock, testDatabase } from '../../../test/test-app.ts';

let app: FastifyInstance;
const clock = new TestClock();
const HOUR = 3_600_000;

beforeAll(async () => {
  app = await createTestApp({ clock });
  await seedSampleContent((await testDatabase()).db);
});
afterAll(() => app.close());

type Method = InjectOptions['method'];
const call = (method: Method, url: string, token?: string, payload?: object) =>
  request(app, { method, url: `/cyberapi/${url}`, token, ...(payload ? { payload } : {}) });
const word = (index: number) => SAMPLE.appleId + index;

/** A classroom sharing a four-word list, with two members besides its admin, and an outsider. */
async function world() {
  const [admin, first, second, outsider] = await Promise.all([
    signUp(app, { first_name: 'Ayla', last_name: 'Teacher' }),
    signUp(app, { first_name: 'Mert' }),
    signUp(app),
    signUp(app),
  ]);
  const classroom = (
    await call('POST', 'vocaclassroom/', admin.token, { name: 'Garden class', description: '' })
  ).json();
  for (const member of [first, second]) {
    await call('POST', 'vocaclassroom/join/', member.token, { pin: classroom.classroom_pin });
  }
  const list = (await call('POST', 'vocabulletins/', admin.token, { title: 'Week 1' })).json();
  await call('POST', `vocabulletins/${list.id}/words/`, admin.token, { voca_ids: [0, 1, 2, 3].map(word) });
  const unshared = (await call('POST', 'vocabulletins/', admin.token, { title: 'Not shared' })).json();
  await call('POST', 'vocaclassroom/manage_shared/', admin.token, {
    pin: classroom.classroom_pin,
    checked_items: [list.id],
  });
  const progress = (token: string | undefined, bulletinId: number = list.id, pin: string = classroom.classroom_pin) =>
    call('GET', `vocaclassroom/get_list_progress/?pin=${pin}&bulletin_id=${bulletinId}`, token);
  return { admin, first, second, outsider, pin: classroom.classroom_pin as string, list, unshared, progress };
}

describe('per-list progress of a classroom', () => {
  it('shows the admin every member’s proven, marked known and challenging words, and when they last studied', async () => {
    const { admin, first, second, progress, list } = await world();
    // Mert marks two words known, proves one of them and a third in practice, and finds the fourth hard.
    await call('POST', 'vocarecords/', first.token, { voca_ids: [word(0), word(1)] });
    await call('POST', 'vocahardrecords/', first.token, { voca_id: word(3) });
    await call('POST', 'reviews/', first.token, { voca_id: word(1), grade: 'good' });
    await call('POST', 'reviews/', first.token, { voca_id: word(2), grade: 'good' });
    await call('POST', 'reviews/', first.token, { voca_id: word(3), grade: 'again' });
    const answeredAt = clock.now().getTime();
    // Words outside the list count nowhere in it, and studying them later is not studying the list.
    clock.advance(2 * HOUR);
    await call('POST', 'vocarecords/', first.token, { voca_id: word(6) });
    await call('POST', 'reviews/', first.token, { voca_id: word(7), grade: 'good' });

    const response = await progress(admin.token);
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body).toMatchObject({ bulletin_id: list.id, quantity: 4 });
    expect(body.members).toEqual([
      {
        id: admin.user.id,
        name: 'Ayla Teacher',
        email: admin.user.email,
        proven: 0,
        known: 0,
        hard: 0,
        last_studied: null,
      },
      {
        id: first.user.id,
        name: 'Mert',
        email: first.user.email,
        proven: 2,
        known: 2,
        hard: 1,
        last_studied: expect.any(String),
      },
      { id: second.user.id, name: '', email: second.user.email, proven: 0, known: 0, hard: 0, last_studied: null },
    ]);
    expect(Math.abs(new Date(body.members[1].last_studied).getTime() - answeredAt)).toBeLessThan(HOUR);
  });

  it('counts a finished session on the list as studying it, whichever is later', async () => {
    const { admin, first, progress, list } = await world();
    await call('POST', 'reviews/', first.token, { voca_id: word(0), grade: 'again' });
    const practised = (await progress(admin.token)).json().members[1].last_studied as string;
    clock.advance(2 * HOUR);
    const session = { kind: 'list', bulletin_id: list.id, learned: 0, hard: 0, answers: 1, correct: 0 };
    expect((await call('POST', 'study-sessions/', first.token, session)).statusCode).toBe(201);
    const finished = (await progress(admin.token)).json().members[1];
    expect(new Date(finished.last_studied).getTime() - new Date(practised).getTime()).toBeGreaterThanOrEqual(2 * HOUR);
    // A practice answer never proven still leaves nothing proven.
    expect(finished).toMatchObject({ proven: 0, known: 0, hard: 0 });
  });

  it('shows a member only their own row', async () => {
    const { first, second, progress } = await world();
    await call('POST', 'vocarecords/', second.token, { voca_id: word(0) });
    const mine = await progress(first.token);
    expect(mine.statusCode).toBe(200);
    expect(mine.json().members).toEqual([
      { id: first.user.id, name: 'Mert', email: first.user.email, proven: 0, known: 0, hard: 0, last_studied: null },
    ]);
    expect((await progress(second.token)).json().members).toMatchObject([{ id: second.user.id, known: 1 }]);
  });

  it('is not found for outsiders, for a list the classroom does not share, or a wrong PIN', async () => {
    const { admin, first, outsider, progress, unshared, pin } = await world();
    expect((await progress(outsider.token)).statusCode).toBe(404);
    expect((await progress(undefined)).statusCode).toBe(401);
    expect((await progress(admin.token, unshared.id)).statusCode).toBe(404);
    expect((await progress(first.token, SAMPLE.freeListId)).statusCode).toBe(404);
    const wrongPin = pin === '00000000' ? '00000001' : '00000000';
    expect((await progress(admin.token, undefined, wrongPin)).statusCode).toBe(404);
    expect(
      (await call('GET', `vocaclassroom/get_list_progress/?pin=${pin}&bulletin_id=0`, admin.token)).statusCode,
    ).toBe(400);
  });
});

describe('invite link', () => {
  it('shows a signed-in outsider the classroom before joining, and nothing for a wrong PIN', async () => {
    const { outsider, pin } = await world();
    const invite = await call('GET', `vocaclassroom/invite/?pin=${pin}`, outsider.token);
    expect(invite.statusCode).toBe(200);
    expect(invite.json()).toEqual({
      name: 'Garden class',
      description: '',
      graphic_uri: expect.stringMatching(/^\/illustrations\//),
      member_count: 3,
    });
    // Seeing the invite does not make anyone a member.
    expect((await call('GET', `vocaclassroom/get_by_pin/?pin=${pin}`, outsider.token)).statusCode).toBe(404);
    expect((await call('GET', `vocaclassroom/invite/?pin=${pin}`)).statusCode).toBe(401);
    const missing = await call('GET', 'vocaclassroom/invite/?pin=1234567x', outsider.token);
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual(
      (await call('GET', 'vocaclassroom/get_by_pin/?pin=1234567x', outsider.token)).json(),
    );
  });

  it('spends the same budget of wrong PINs as joining: guessing by preview is no cheaper', async () => {
    const { token } = await signUp(app);
    const { pin } = await world();
    const statuses: number[] = [];
    for (let guess = 0; guess < 10; guess += 1) {
      statuses.push((await call('GET', `vocaclassroom/invite/?pin=x${guess}`, token)).statusCode);
    }
    expect(statuses.every((status) => status === 404)).toBe(true);
    expect((await call('GET', `vocaclassroom/invite/?pin=${pin}`, token)).statusCode).toBe(429);
    expect((await call('POST', 'vocaclassroom/join/', token, { pin })).statusCode).toBe(429);
  });
});
