import type { FastifyInstance, InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SAMPLE, seedSampleContent } from '../../../test/content-fixture.ts';
import { grantPremium, signUp, TEST_PASSWORD } from '../../../test/factories.ts';
import { createTestApp, request, testDatabase } from '../../../test/test-app.ts';

let app: FastifyInstance;
beforeAll(async () => {
  app = await createTestApp();
  await seedSampleContent((await testDatabase()).db);
});
afterAll(() => app.close());

type Method = InjectOptions['method'];
const call = (method: Method, url: string, token?: string, payload?: object, remoteAddress?: string) =>
  request(app, {
    method,
    url: `/cyberapi/${url}`,
    token,
    ...(payload ? { payload } : {}),
    ...(remoteAddress ? { remoteAddress } : {}),
  });

async function newList(token: string, title = 'My words') {
  const response = await call('POST', 'vocabulletins/', token, { title });
  expect(response.statusCode).toBe(201);
  return response.json() as { id: number; lexicon: string; quantity: number };
}

async function classroomWorld() {
  const admin = await signUp(app, { first_name: 'Ayla', last_name: 'Admin' });
  const member = await signUp(app, { first_name: 'Mert' });
  const outsider = await signUp(app);
  const created = await call('POST', 'vocaclassroom/', admin.token, {
    name: 'Garden class',
    description: 'Line one\nLine two',
  });
  expect(created.statusCode).toBe(201);
  const classroom = created.json() as { id: number; classroom_pin: string; admin: number };
  expect((await call('POST', 'vocaclassroom/join/', member.token, { pin: classroom.classroom_pin })).statusCode).toBe(
    200,
  );
  const adminList = await newList(admin.token, 'Shared words');
  await call('POST', `vocabulletins/${adminList.id}/words/`, admin.token, {
    voca_ids: [SAMPLE.appleId, SAMPLE.appleId + 1],
  });
  const memberList = await newList(member.token, 'Private words');
  const shared = await call('POST', 'vocaclassroom/manage_shared/', admin.token, {
    pin: classroom.classroom_pin,
    checked_items: [adminList.id],
  });
  expect(shared.statusCode).toBe(200);
  return { admin, member, outsider, classroom, adminList, memberList };
}

describe('personal lists', () => {
  it('creates, renames, fills and empties a list; lexicon keeps the order added, without duplicates', async () => {
    const { token } = await signUp(app);
    const list = await newList(token);
    expect(list).toMatchObject({ lexicon: '', quantity: 0 });
    expect((await call('PATCH', `vocabulletins/${list.id}/`, token, { title: 'Fruit' })).json()).toMatchObject({
      title: 'Fruit',
    });
    await call('POST', `vocabulletins/${list.id}/words/`, token, { voca_ids: [SAMPLE.appleId + 2, SAMPLE.appleId] });
    const added = await call('POST', `vocabulletins/${list.id}/words/`, token, {
      voca_ids: [SAMPLE.appleId, SAMPLE.appleId + 5],
    });
    expect(added.json()).toMatchObject({
      lexicon: `${SAMPLE.appleId + 2}-${SAMPLE.appleId}-${SAMPLE.appleId + 5}`,
      quantity: 3,
    });
    const removed = await call('DELETE', `vocabulletins/${list.id}/words/${SAMPLE.appleId}/`, token);
    expect(removed.json()).toMatchObject({ lexicon: `${SAMPLE.appleId + 2}-${SAMPLE.appleId + 5}`, quantity: 2 });
    const detail = (await call('GET', `vocabulletins/${list.id}/`, token)).json();
    expect(detail).toMatchObject({ is_owner: true, is_premium: false, quantity: 2 });
    expect(detail.words.map((word: { id: number }) => word.id)).toEqual([SAMPLE.appleId + 2, SAMPLE.appleId + 5]);
    expect((await call('GET', 'vocabulletins/', token)).json().map((row: { title: string }) => row.title)).toEqual([
      'Fruit',
    ]);
  });

  it('keeps the lexicon free of duplicates under concurrent adds', async () => {
    const { token } = await signUp(app);
    const list = await newList(token);
    await Promise.all(
      Array.from({ length: 10 }, () =>
        call('POST', `vocabulletins/${list.id}/words/`, token, { voca_ids: [SAMPLE.appleId] }),
      ),
    );
    expect((await call('GET', `vocabulletins/${list.id}/`, token)).json().lexicon).toBe(String(SAMPLE.appleId));
  });

  it('refuses a free learner’s third list, and lets a premium learner go on', async () => {
    const { token, user } = await signUp(app);
    await newList(token, 'one');
    await newList(token, 'two');
    const third = await call('POST', 'vocabulletins/', token, { title: 'three' });
    expect(third.statusCode).toBe(403);
    expect(third.json()).toEqual({
      detail: 'This feature is only available for premium users.',
      code: 'premium_required',
    });
    await grantPremium(user.id);
    expect((await call('POST', 'vocabulletins/', token, { title: 'three' })).statusCode).toBe(201);
  });

  it('validates titles and word ids', async () => {
    const { token } = await signUp(app);
    expect((await call('POST', 'vocabulletins/', token, { title: '   ' })).statusCode).toBe(400);
    expect((await call('POST', 'vocabulletins/', token, { title: 'x'.repeat(201) })).statusCode).toBe(400);
    expect((await call('POST', 'vocabulletins/', token, { title: '  spaced  ' })).json().title).toBe('  spaced  ');
    const list = await newList(token);
    const bad = await call('POST', `vocabulletins/${list.id}/words/`, token, {
      voca_ids: [SAMPLE.appleId, 99_999_999],
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ detail: 'Unknown word ids: 99999999.' });
    expect((await call('GET', `vocabulletins/${list.id}/`, token)).json().quantity).toBe(0);
  });
});

describe('classrooms', () => {
  it('gives the creator an 8-digit PIN and the admin role, and members see each other with totals (marked and proven)', async () => {
    const { admin, member, classroom } = await classroomWorld();
    expect(classroom.classroom_pin).toMatch(/^\d{8}$/);
    expect(classroom.admin).toBe(admin.user.id);
    await call('POST', 'vocarecords/', member.token, { voca_ids: [SAMPLE.appleId, SAMPLE.appleId + 1] });
    await call('POST', 'vocahardrecords/', member.token, { voca_id: SAMPLE.appleId + 2 });
    await call('POST', 'reviews/', member.token, { voca_id: SAMPLE.appleId + 1, grade: 'good' });
    const members = (
      await call('GET', `vocaclassroom/get_members/?pin=${classroom.classroom_pin}`, admin.token)
    ).json();
    expect(members).toEqual([
      {
        id: admin.user.id,
        name: 'Ayla Admin',
        profile_picture_uri: null,
        total_learned: 0,
        total_difficult: 0,
        total_proven: 0,
      },
      {
        id: member.user.id,
        name: 'Mert',
        profile_picture_uri: null,
        total_learned: 2,
        total_difficult: 1,
        total_proven: 1,
      },
    ]);
    const detail = (await call('GET', `vocaclassroom/get_by_pin/?pin=${classroom.classroom_pin}`, member.token)).json();
    expect(detail).toMatchObject({
      name: 'Garden class',
      description: 'Line one\nLine two',
      member_count: 2,
      list_count: 1,
    });
  });

  it('shares the admin’s lists live and read-only; joining twice is harmless', async () => {
    const { admin, member, classroom, adminList } = await classroomWorld();
    expect((await call('POST', 'vocaclassroom/join/', member.token, { pin: classroom.classroom_pin })).statusCode).toBe(
      200,
    );
    const lists = (await call('GET', `vocaclassroom/get_lists/?pin=${classroom.classroom_pin}`, member.token)).json();
    expect(lists).toMatchObject([{ id: adminList.id, bulletin_id: adminList.id, title: 'Shared words', quantity: 2 }]);
    await call('POST', `vocabulletins/${adminList.id}/words/`, admin.token, { voca_ids: [SAMPLE.appleId + 3] });
    const seen = await call('GET', `vocabulletins/${adminList.id}/`, member.token);
    expect(seen.json()).toMatchObject({ quantity: 3, is_owner: false });
    expect(
      (await call('PATCH', `vocabulletins/${adminList.id}/`, member.token, { title: 'Mine now' })).statusCode,
    ).toBe(404);
    expect((await call('GET', 'vocaclassroom/', member.token)).json()).toHaveLength(1);
  });

  it('rejects sharing lists the admin does not own', async () => {
    const { admin, classroom, memberList } = await classroomWorld();
    const response = await call('POST', 'vocaclassroom/manage_shared/', admin.token, {
      pin: classroom.classroom_pin,
      checked_items: [memberList.id],
    });
    expect(response.statusCode).toBe(400);
    expect(
      (
        await call('POST', 'vocaclassroom/manage_shared/', admin.token, {
          pin: classroom.classroom_pin,
          checked_items: [SAMPLE.freeListId],
        })
      ).statusCode,
    ).toBe(400);
  });

  it('removes a deleted list from every classroom it was shared into', async () => {
    const { admin, member, classroom, adminList } = await classroomWorld();
    expect((await call('DELETE', `vocabulletins/${adminList.id}/`, admin.token)).statusCode).toBe(204);
    expect((await call('GET', `vocaclassroom/get_lists/?pin=${classroom.classroom_pin}`, member.token)).json()).toEqual(
      [],
    );
  });

  it('lets members leave but not the admin', async () => {
    const { admin, member, classroom } = await classroomWorld();
    const adminLeaves = await call('POST', 'vocaclassroom/leave/', admin.token, { id: classroom.id });
    expect(adminLeaves.statusCode).toBe(400);
    expect((await call('POST', 'vocaclassroom/leave/', member.token, { id: classroom.id })).statusCode).toBe(200);
    expect(
      (await call('GET', `vocaclassroom/get_by_pin/?pin=${classroom.classroom_pin}`, member.token)).statusCode,
    ).toBe(404);
  });

  it('rate-limits wrong PINs per learner so PINs cannot be enumerated', async () => {
    const { token } = await signUp(app);
    const statuses: number[] = [];
    for (let guess = 0; guess < 100; guess += 1) {
      statuses.push(
        (await call('POST', 'vocaclassroom/join/', token, { pin: String(10_000_000 + guess * 7919) })).statusCode,
      );
    }
    expect(statuses.slice(0, 10).every((status) => status === 404)).toBe(true);
    expect(statuses.slice(10).every((status) => status === 429)).toBe(true);
  });

  it('rate-limits wrong PINs per IP across accounts', async () => {
    const ip = '192.0.2.44';
    const statuses: number[] = [];
    for (let account = 0; account < 4; account += 1) {
      const { token } = await signUp(app);
      for (let guess = 0; guess < 10; guess += 1) {
        statuses.push(
          (await call('POST', 'vocaclassroom/join/', token, { pin: `9${account}${guess}00000` }, ip)).statusCode,
        );
      }
    }
    expect(statuses.filter((status) => status === 429).length).toBe(10);
  });

  it('hands an admin’s classroom to the longest-standing member when the admin deletes the account', async () => {
    const { admin, member, classroom } = await classroomWorld();
    expect((await call('DELETE', 'user/', admin.token, { password: TEST_PASSWORD })).statusCode).toBe(204);
    const detail = await call('GET', `vocaclassroom/get_by_pin/?pin=${classroom.classroom_pin}`, member.token);
    expect(detail.json()).toMatchObject({ admin: member.user.id, member_count: 1, list_count: 0 });
    const lonely = await signUp(app);
    const own = (await call('POST', 'vocaclassroom/', lonely.token, { name: 'Alone', description: '' })).json();
    await call('DELETE', 'user/', lonely.token, { password: TEST_PASSWORD });
    expect((await call('GET', `vocaclassroom/get_by_pin/?pin=${own.classroom_pin}`, member.token)).statusCode).toBe(
      404,
    );
  });
});
