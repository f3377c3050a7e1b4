import type { FastifyInstance, InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SAMPLE, seedSampleContent } from '../../test/content-fixture.ts';
import { grantPremium, signUp } from '../../test/factories.ts';
import { createTestApp, request, testDatabase } from '../../test/test-app.ts';

/**
 * Every endpoint that takes an object, called by every kind of caller. Each (row, caller) pair
 * gets a world of its own, so a hole in one row (a member deleting the classroom, say) cannot
 * hide behind, or leak into, another row's answer.
 */

let app: FastifyInstance;
beforeAll(async () => {
  app = await createTestApp();
  await seedSampleContent((await testDatabase()).db);
});
afterAll(() => app.close());

type Method = InjectOptions['method'];
const roles = ['anonymous', 'outsider', 'member', 'admin', 'premium'] as const;
type Role = (typeof roles)[number];

const call = (method: Method, url: string, token?: string, payload?: object) =>
  request(app, { method, url: `/cyberapi/${url}`, token, ...(payload ? { payload } : {}) });

async function expectStatus(response: Awaited<ReturnType<typeof call>>, status: number) {
  expect(response.statusCode, response.body).toBe(status);
  return response.json();
}

/**
 * A classroom run by `admin` with `member` in it, sharing the admin's list; the member's own
 * private list; an `outsider` with no ties; and a `premium` learner with no ties but an active plan.
 */
async function world() {
  const [admin, member, outsider, premium] = await Promise.all([
    signUp(app, { first_name: 'Admin' }),
    signUp(app, { first_name: 'Member' }),
    signUp(app, { first_name: 'Outsider' }),
    signUp(app, { first_name: 'Premium' }),
  ]);
  await grantPremium(premium.user.id);
  const classroom = await expectStatus(
    await call('POST', 'vocaclassroom/', admin.token, { name: 'Matrix class', description: '' }),
    201,
  );
  await expectStatus(await call('POST', 'vocaclassroom/join/', member.token, { pin: classroom.classroom_pin }), 200);
  const adminList = await expectStatus(await call('POST', 'vocabulletins/', admin.token, { title: 'Shared' }), 201);
  await expectStatus(
    await call('POST', `vocabulletins/${adminList.id}/words/`, admin.token, { voca_ids: [SAMPLE.appleId] }),
    200,
  );
  await expectStatus(
    await call('POST', 'vocaclassroom/manage_shared/', admin.token, {
      pin: classroom.classroom_pin,
      checked_items: [adminList.id],
    }),
    200,
  );
  const memberList = await expectStatus(await call('POST', 'vocabulletins/', member.token, { title: 'Private' }), 201);
  const tokens: Record<Role, string | undefined> = {
    anonymous: undefined,
    outsider: outsider.token,
    member: member.token,
    admin: admin.token,
    premium: premium.token,
  };
  return {
    tokens,
    pin: classroom.classroom_pin as string,
    classroomId: classroom.id as number,
    adminListId: adminList.id as number,
    memberListId: memberList.id as number,
  };
}
type World = Awaited<ReturnType<typeof world>>;

interface Row {
  name: string;
  request: (w: World) => [Method, string, object?];
  expected: Record<Role, number>;
}

/** Shorthand: the same answer for everyone signed in who is neither member nor admin. */
const strangers = (status: number) => ({ outsider: status, premium: status });

const rows: Row[] = [
  {
    name: 'classroom by PIN',
    request: (w) => ['GET', `vocaclassroom/get_by_pin/?pin=${w.pin}`],
    expected: { anonymous: 401, ...strangers(404), member: 200, admin: 200 },
  },
  {
    name: 'classroom members',
    request: (w) => ['GET', `vocaclassroom/get_members/?pin=${w.pin}`],
    expected: { anonymous: 401, ...strangers(404), member: 200, admin: 200 },
  },
  {
    name: 'classroom lists',
    request: (w) => ['GET', `vocaclassroom/get_lists/?pin=${w.pin}`],
    expected: { anonymous: 401, ...strangers(404), member: 200, admin: 200 },
  },
  {
    name: 'classroom progress on a shared list',
    request: (w) => ['GET', `vocaclassroom/get_list_progress/?pin=${w.pin}&bulletin_id=${w.adminListId}`],
    expected: { anonymous: 401, ...strangers(404), member: 200, admin: 200 },
  },
  {
    name: 'classroom progress on a list it does not share',
    request: (w) => ['GET', `vocaclassroom/get_list_progress/?pin=${w.pin}&bulletin_id=${w.memberListId}`],
    expected: { anonymous: 401, ...strangers(404), member: 404, admin: 404 },
  },
  {
    name: 'classroom invite by PIN',
    request: (w) => ['GET', `vocaclassroom/invite/?pin=${w.pin}`],
    expected: { anonymous: 401, ...strangers(200), member: 200, admin: 200 },
  },
  {
    name: 'join classroom',
    request: (w) => ['POST', 'vocaclassroom/join/', { pin: w.pin }],
    expected: { anonymous: 401, ...strangers(200), member: 200, admin: 200 },
  },
  {
    name: 'rename classroom (PATCH)',
    request: (w) => ['PATCH', `vocaclassroom/${w.classroomId}/`, { name: 'Renamed' }],
    expected: { anonymous: 401, ...strangers(404), member: 403, admin: 200 },
  },
  {
    name: 'replace classroom (PUT)',
    request: (w) => ['PUT', `vocaclassroom/${w.classroomId}/`, { name: 'Renamed', description: 'd' }],
    expected: { anonymous: 401, ...strangers(404), member: 403, admin: 200 },
  },
  {
    name: 'delete classroom',
    request: (w) => ['DELETE', `vocaclassroom/${w.classroomId}/`],
    expected: { anonymous: 401, ...strangers(404), member: 403, admin: 204 },
  },
  {
    name: 'manage shared lists',
    request: (w) => ['POST', 'vocaclassroom/manage_shared/', { pin: w.pin, checked_items: [] }],
    expected: { anonymous: 401, ...strangers(404), member: 403, admin: 200 },
  },
  {
    name: 'leave classroom',
    request: (w) => ['POST', 'vocaclassroom/leave/', { id: w.classroomId }],
    expected: { anonymous: 401, ...strangers(404), member: 200, admin: 400 },
  },
  {
    name: 'read a list shared into the classroom',
    request: (w) => ['GET', `vocabulletins/${w.adminListId}/`],
    expected: { anonymous: 404, ...strangers(404), member: 200, admin: 200 },
  },
  {
    name: 'read a private list',
    request: (w) => ['GET', `vocabulletins/${w.memberListId}/`],
    expected: { anonymous: 404, ...strangers(404), member: 200, admin: 404 },
  },
  {
    name: 'rename a list',
    request: (w) => ['PATCH', `vocabulletins/${w.adminListId}/`, { title: 'x' }],
    expected: { anonymous: 401, ...strangers(404), member: 404, admin: 200 },
  },
  {
    name: 'delete a list',
    request: (w) => ['DELETE', `vocabulletins/${w.adminListId}/`],
    expected: { anonymous: 401, ...strangers(404), member: 404, admin: 204 },
  },
  {
    name: 'add words to a list',
    request: (w) => ['POST', `vocabulletins/${w.adminListId}/words/`, { voca_ids: [SAMPLE.appleId + 1] }],
    expected: { anonymous: 401, ...strangers(404), member: 404, admin: 200 },
  },
  {
    name: 'remove a word from a list',
    request: (w) => ['DELETE', `vocabulletins/${w.adminListId}/words/${SAMPLE.appleId}/`],
    expected: { anonymous: 401, ...strangers(404), member: 404, admin: 200 },
  },
  {
    name: 'import words into a list',
    request: (w) => ['POST', `vocabulletins/${w.adminListId}/import/`, { text: 'apple' }],
    expected: { anonymous: 401, ...strangers(404), member: 404, admin: 200 },
  },
  {
    name: 'export a list shared into the classroom (CSV)',
    request: (w) => ['GET', `vocabulletins/${w.adminListId}/export/csv/`],
    expected: { anonymous: 401, ...strangers(404), member: 200, admin: 200 },
  },
  {
    name: 'export a private list (Anki)',
    request: (w) => ['GET', `vocabulletins/${w.memberListId}/export/anki/`],
    expected: { anonymous: 401, ...strangers(404), member: 200, admin: 404 },
  },
  {
    name: 'study a private list',
    request: (w) => [
      'POST',
      'study-sessions/',
      { kind: 'list', bulletin_id: w.memberListId, learned: 1, hard: 0, answers: 1, correct: 1 },
    ],
    expected: { anonymous: 401, ...strangers(404), member: 201, admin: 404 },
  },
  {
    name: 'open a free official list',
    request: () => ['GET', `vocabulletins/${SAMPLE.freeListId}/`],
    expected: { anonymous: 200, ...strangers(200), member: 200, admin: 200 },
  },
  {
    name: 'open a premium official list',
    request: () => ['GET', `vocabulletins/${SAMPLE.premiumListId}/`],
    expected: { anonymous: 401, outsider: 403, premium: 200, member: 403, admin: 403 },
  },
  {
    name: 'export a premium official list',
    request: () => ['GET', `vocabulletins/${SAMPLE.premiumListId}/export/csv/`],
    expected: { anonymous: 401, outsider: 403, premium: 200, member: 403, admin: 403 },
  },
];

describe('authorization matrix', () => {
  it.each(rows)('$name', async (row) => {
    const answers: Partial<Record<Role, number>> = {};
    for (const role of roles) {
      const w = await world();
      const [method, url, payload] = row.request(w);
      answers[role] = (await call(method, url, w.tokens[role], payload)).statusCode;
    }
    expect(answers).toEqual(row.expected);
  });
});
