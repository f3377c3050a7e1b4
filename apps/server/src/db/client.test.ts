import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from './client.ts';
import { users } from './schema.ts';

const dataDir = mkdtempSync(join(tmpdir(), 'vocagarden-db-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

describe('embedded database', () => {
  it('keeps its data across restarts and migrates idempotently', { timeout: 60_000 }, async () => {
    const first = await openDatabase({ dataDir });
    await first.migrate();
    const [created] = await first.db.insert(users).values({ email: 'kept@example.com' }).returning();
    await first.close();

    const second = await openDatabase({ dataDir });
    await second.migrate();
    await second.migrate();
    const [found] = await second.db.select().from(users).where(eq(users.id, created!.id));
    await second.close();
    expect(found?.email).toBe('kept@example.com');
  });
});
