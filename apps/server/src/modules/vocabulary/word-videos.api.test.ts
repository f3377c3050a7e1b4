import { VIDEO_EMBED_ORIGINS, wordVideosSchema, type WordVideos } from '@vocagarden/contract';
import { asc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sampleContentLines, seedSampleContent, writeContentFile } from '../../../test/content-fixture.ts';
import { grantPremium, signUp } from '../../../test/factories.ts';
import { createTestApp, request, testDatabase } from '../../../test/test-app.ts';
import { wordVideos } from '../../db/schema.ts';
import { importContentFiles } from './content-import.ts';

/** In the sample set (content-fixture.ts): 19002 is in a free list, 19062 only in a premium list. */
const FREE_WORD = 19002;
const PREMIUM_WORD = 19062;
const WORD_WITHOUT_CLIPS = 19003;

const clip = (word: number, overrides: Record<string, unknown> = {}) =>
  JSON.stringify({
    kind: 'video',
    word,
    provider: 'youtube',
    video_id: 'RhqBZkAwh8c',
    start: 12,
    end: 21,
    caption: `Clip of ${word}`,
    source: 'https://eng.lish.video/watch/RachelsEnglish/en/RhqBZkAwh8c',
    ...overrides,
  });

const clipLines = () => [
  clip(FREE_WORD, { caption: 'First: the one free learners see' }),
  clip(FREE_WORD, { provider: 'vimeo', video_id: '76979871', start: 5, end: 15, caption: 'Second, on Vimeo' }),
  clip(FREE_WORD, { video_id: 'BCzbEQlk3to', start: 17, end: 27, caption: 'Third' }),
  clip(PREMIUM_WORD, { caption: 'A premium word’s clip' }),
];

let app: FastifyInstance;

beforeAll(async () => {
  app = await createTestApp();
  const { db } = await testDatabase();
  await seedSampleContent(db);
  const report = await importContentFiles(db, [writeContentFile('videos.jsonl', clipLines())]);
  expect(report.problems).toEqual([]);
});
afterAll(() => app.close());

const videos = async (id: number | string, token?: string) => {
  const response = await request(app, { method: 'GET', url: `/cyberapi/vocas/${id}/videos/`, token });
  return { status: response.statusCode, body: response.json() as WordVideos };
};

async function premiumLearner() {
  const session = await signUp(app);
  await grantPremium(session.user.id);
  return session;
}

async function storedClips(vocaId: number) {
  const { db } = await testDatabase();
  return db
    .select({ position: wordVideos.position, caption: wordVideos.caption })
    .from(wordVideos)
    .where(eq(wordVideos.vocaId, vocaId))
    .orderBy(asc(wordVideos.position));
}

describe('vocas/{id}/videos/', () => {
  it('gives a free learner the first of a word’s 3 clips and says how many there are', async () => {
    const { token } = await signUp(app);
    const { status, body } = await videos(FREE_WORD, token);
    expect(status).toBe(200);
    expect(wordVideosSchema.parse(body)).toEqual({
      clips: [
        {
          provider: 'youtube',
          embed_url: 'https://www.youtube-nocookie.com/embed/RhqBZkAwh8c?start=12&end=21&rel=0&playsinline=1',
          start: 12,
          end: 21,
          caption: 'First: the one free learners see',
        },
      ],
      total: 3,
    });
  });

  it('gives a premium learner every clip, in order', async () => {
    const { token } = await premiumLearner();
    const { status, body } = await videos(FREE_WORD, token);
    expect(status).toBe(200);
    expect(body.total).toBe(3);
    expect(body.clips.map((each) => each.embed_url)).toEqual([
      'https://www.youtube-nocookie.com/embed/RhqBZkAwh8c?start=12&end=21&rel=0&playsinline=1',
      'https://player.vimeo.com/video/76979871#t=5s',
      'https://www.youtube-nocookie.com/embed/BCzbEQlk3to?start=17&end=27&rel=0&playsinline=1',
    ]);
    expect(body.clips[1]).toMatchObject({ provider: 'vimeo', start: 5, end: 15, caption: 'Second, on Vimeo' });
  });

  it('gives an anonymous visitor one clip of a word in a free list', async () => {
    const { status, body } = await videos(FREE_WORD);
    expect(status).toBe(200);
    expect(body.clips.map((each) => each.caption)).toEqual(['First: the one free learners see']);
    expect(body.total).toBe(3);
  });

  it('answers 404 for a premium-only word unless the learner has premium', async () => {
    const { token } = await signUp(app);
    expect((await videos(PREMIUM_WORD, token)).status).toBe(404);
    expect((await videos(PREMIUM_WORD)).status).toBe(404);
    const premium = await premiumLearner();
    expect((await videos(PREMIUM_WORD, premium.token)).body).toMatchObject({
      clips: [{ caption: 'A premium word’s clip' }],
      total: 1,
    });
  });

  it('answers 404 for a word that does not exist, 400 for a bad id, and no clips for a word without', async () => {
    expect((await videos(19999)).status).toBe(404);
    expect((await videos('abc')).status).toBe(400);
    expect((await videos(2 ** 31)).status).toBe(400);
    expect(await videos(WORD_WITHOUT_CLIPS)).toEqual({ status: 200, body: { clips: [], total: 0 } });
  });
});

describe('importing clips', () => {
  it('changes nothing when the same clips are imported again', async () => {
    const { db } = await testDatabase();
    const report = await importContentFiles(db, [writeContentFile('videos-again.jsonl', clipLines())]);
    expect(report).toEqual({ problems: [], inserted: 0, updated: 0, unchanged: 4, removed: 0 });
  });

  it('imports nothing from a file with a bad clip, reporting its line', async () => {
    const { db } = await testDatabase();
    const lines = [
      clip(WORD_WITHOUT_CLIPS, { caption: 'Good, but not imported' }),
      clip(WORD_WITHOUT_CLIPS, { start: 30, end: 95 }),
      clip(19999),
    ];
    const report = await importContentFiles(db, [writeContentFile('bad-videos.jsonl', lines)]);
    expect(report.problems.map((problem) => `${problem.line}: ${problem.reason}`)).toEqual([
      '2: end: the clip is longer than 60 s',
      '3: video of an unknown word id 19999',
    ]);
    expect(await storedClips(WORD_WITHOUT_CLIPS)).toEqual([]);
  });

  it('replaces a word’s clips with the file’s, leaving words the file does not name alone', async () => {
    const { db } = await testDatabase();
    const fewer = [clip(FREE_WORD, { video_id: 'BCzbEQlk3to', start: 17, end: 27, caption: 'Third, now first' })];
    expect(await importContentFiles(db, [writeContentFile('videos-fewer.jsonl', fewer)])).toEqual({
      problems: [],
      inserted: 0,
      updated: 1,
      unchanged: 0,
      removed: 2,
    });
    expect(await storedClips(FREE_WORD)).toEqual([{ position: 1, caption: 'Third, now first' }]);
    expect(await storedClips(PREMIUM_WORD)).toHaveLength(1);

    await importContentFiles(db, [writeContentFile('videos-restore.jsonl', clipLines())]);
    expect((await storedClips(FREE_WORD)).map((row) => row.caption)).toEqual([
      'First: the one free learners see',
      'Second, on Vimeo',
      'Third',
    ]);
  });

  it('gives a complete set’s words exactly its clips (the bundled import)', async () => {
    const { db } = await testDatabase();
    // The premium word's own line, unchanged, and no clip for it: a complete set removes its clip.
    const premiumWordLine = sampleContentLines().find((line) => line.includes(`"id":${PREMIUM_WORD},`))!;
    const lines = [premiumWordLine, ...clipLines().slice(0, 3)];
    const report = await importContentFiles(db, [writeContentFile('complete.jsonl', lines)], { clipsComplete: true });
    expect(report).toEqual({ problems: [], inserted: 0, updated: 0, unchanged: 4, removed: 1 });
    expect(await storedClips(PREMIUM_WORD)).toEqual([]);
    expect(await storedClips(FREE_WORD)).toHaveLength(3);
    await importContentFiles(db, [writeContentFile('videos-restore.jsonl', clipLines())]);
  });
});

describe('content security policy', () => {
  it('lets pages frame only the two video players', async () => {
    const response = await request(app, { method: 'GET', url: '/login' });
    const frameSrc = /(?:^|;)frame-src ([^;]*)/.exec(String(response.headers['content-security-policy']))?.[1] ?? '';
    expect(frameSrc.split(' ')).toEqual(['https://www.youtube-nocookie.com', 'https://player.vimeo.com']);
    expect(frameSrc.split(' ')).toEqual([...VIDEO_EMBED_ORIGINS]);
    expect(String(response.headers['content-security-policy'])).toContain("frame-ancestors 'none'");
  });
});
