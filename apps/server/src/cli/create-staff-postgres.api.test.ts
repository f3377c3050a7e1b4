import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { uniqueEmail } from '../../test/factories.ts';
import { createTestApp, request } from '../../test/test-app.ts';

/**
 * The README's staff step on PostgreSQL: `npm run create-staff` runs while a server is up on the
 * same database, and the new staff member signs in to that server at once. (On the embedded
 * database the command refuses beside a live server: see db/data-dir-lock.test.ts.)
 */
const databaseUrl = inject('databaseUrl');

let app: FastifyInstance;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(() => app.close());

describe.skipIf(databaseUrl === undefined)('create-staff beside a running server on PostgreSQL', () => {
  it('creates a staff account the running server accepts', { timeout: 60_000 }, async () => {
    const email = uniqueEmail('staff');
    const script = fileURLToPath(new URL('./create-staff.ts', import.meta.url));
    const { stdout } = await promisify(execFile)(
      process.execPath,
      ['--import', 'tsx', script, '--email', email, '--password', 'sturdy-oak-77'],
      { env: { ...process.env, DATABASE_URL: databaseUrl, PASSWORD_HASH_LOG_N: '10' }, encoding: 'utf8' },
    );
    expect(stdout).toContain(`Staff account ${email} created.`);
    const login = await request(app, {
      method: 'POST',
      url: '/cyberapi/auth/login/',
      payload: { email, password: 'sturdy-oak-77' },
    });
    expect(login.statusCode).toBe(200);
    expect(login.json()).toMatchObject({ user: { email, is_staff: true } });
  });
});
