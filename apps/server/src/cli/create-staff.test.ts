import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../db/client.ts';
import { usersRepository } from '../modules/users/users.repository.ts';

const dataDir = mkdtempSync(join(tmpdir(), 'vocagarden-staff-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

function createStaff(...args: string[]): string {
  const script = fileURLToPath(new URL('./create-staff.ts', import.meta.url));
  return execFileSync(process.execPath, ['--import', 'tsx', script, ...args], {
    env: { ...process.env, DATA_DIR: dataDir, PASSWORD_HASH_LOG_N: '10', DATABASE_URL: '' },
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'pipe'],
  });
}

describe('npm run create-staff', () => {
  it('creates a staff account, then promotes and re-keys an existing one', { timeout: 60_000 }, async () => {
    expect(createStaff('--email', 'Head@Example.com', '--password', 'sturdy-oak-77')).toContain(
      'Staff account head@example.com created.',
    );
    expect(createStaff('--email', 'head@example.com', '--password', 'sturdy-oak-78')).toContain('is now staff');
    const database = await openDatabase({ dataDir });
    const user = await usersRepository(database.db).findByEmail('head@example.com');
    await database.close();
    expect(user?.isStaff).toBe(true);
  });

  it('refuses a weak password and a missing email', () => {
    expect(() => createStaff('--email', 'x@example.com', '--password', '123456')).toThrow(/entirely numeric/);
    expect(() => createStaff('--password', 'sturdy-oak-77')).toThrow(/Usage/);
  });
});
