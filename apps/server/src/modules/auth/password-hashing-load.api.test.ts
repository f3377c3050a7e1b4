import { readFile } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { performance } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUp, TEST_PASSWORD } from '../../../test/factories.ts';
import { createTestApp, testDatabase } from '../../../test/test-app.ts';
import { users } from '../../db/schema.ts';
import { hashPassword } from '../../lib/crypto.ts';

/**
 * scrypt runs on libuv's thread pool (4 threads), which static files and every other file read
 * share. This listens on a real socket and checks that a burst of slow password checks cannot
 * starve them: with PASSWORD_HASH_CONCURRENCY lifted the file reads below wait behind the whole
 * burst (about a second here) and this test fails.
 */

const ILLUSTRATION = 'acorn.svg';
const illustrationFile = fileURLToPath(
  new URL(`../../../../../packages/content/illustrations/${ILLUSTRATION}`, import.meta.url),
);
/** Realistic cost for this test only: 2^15 (32 MiB, ~0.1 s a check), where the suite uses 2^10. */
const SLOW_LOG_N = 15;
const PARALLEL_CHECKS = 24;
const ACCOUNTS = 4;

let app: FastifyInstance;
let base: string;
beforeAll(async () => {
  app = await createTestApp();
  await app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
});
afterAll(() => app.close());

function percentile(values: number[], fraction: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil(fraction * sorted.length) - 1)]!;
}

/** Runs `task` over and over, one at a time, until `done` settles; returns each run's duration in ms. */
async function timeRepeatedly(task: () => Promise<unknown>, done: () => boolean): Promise<number[]> {
  const durations: number[] = [];
  while (!done()) {
    const start = performance.now();
    await task();
    durations.push(performance.now() - start);
    await sleep(10);
  }
  return durations;
}

async function fetchIllustration() {
  const response = await fetch(`${base}/illustrations/${ILLUSTRATION}`);
  expect(response.status).toBe(200);
  await response.arrayBuffer();
}

describe('password checks under load', () => {
  it(`keeps static files and file reads fast while ${PARALLEL_CHECKS} wrong-password deletions run in parallel`, async () => {
    // Several accounts, so the per-account limits let every check reach scrypt.
    const accounts = await Promise.all(Array.from({ length: ACCOUNTS }, () => signUp(app)));
    const { db } = await testDatabase();
    const slowHash = await hashPassword(TEST_PASSWORD, SLOW_LOG_N);
    for (const account of accounts) {
      await db.update(users).set({ passwordHash: slowHash }).where(eq(users.id, account.user.id));
    }
    await fetchIllustration();
    await readFile(illustrationFile);

    const start = performance.now();
    let finished = false;
    const deletions = Promise.all(
      Array.from({ length: PARALLEL_CHECKS }, async (_, index) => {
        const response = await fetch(`${base}/cyberapi/user/`, {
          method: 'DELETE',
          headers: {
            authorization: `Token ${accounts[index % ACCOUNTS]!.token}`,
            'content-type': 'application/json',
          },
          body: JSON.stringify({ password: `wrong-guess-${index}` }),
        });
        await response.arrayBuffer();
        return response.status;
      }),
    ).finally(() => {
      finished = true;
    });
    const [statuses, staticFiles, fileReads] = await Promise.all([
      deletions,
      timeRepeatedly(fetchIllustration, () => finished),
      timeRepeatedly(
        () => readFile(illustrationFile),
        () => finished,
      ),
    ]);
    const elapsed = performance.now() - start;

    expect(statuses).toEqual(Array<number>(PARALLEL_CHECKS).fill(400));
    const report = JSON.stringify({
      burstMs: Math.round(elapsed),
      staticFiles: staticFiles.map(Math.round),
      fileReads: fileReads.map(Math.round),
    });
    // The burst was really slow, else fast probes would prove nothing.
    expect(elapsed, report).toBeGreaterThan(500);
    // A starved thread pool makes a probe wait behind the whole burst; a share of it, not a fixed
    // number of ms, so that a busy machine (slower probes and a slower burst alike) does not fail it.
    expect(percentile(staticFiles, 0.95), report).toBeLessThan(elapsed / 3);
    expect(percentile(fileReads, 0.95), report).toBeLessThan(elapsed / 3);
    // Fast probes ran throughout the burst, not once at either end of it.
    expect(Math.min(staticFiles.length, fileReads.length), report).toBeGreaterThanOrEqual(5);
  });
});
