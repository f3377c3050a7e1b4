import { fork } from 'node:child_process';
import { once } from 'node:events';
import { fileURLToPath } from 'node:url';
import type { AppConfig } from './config.ts';
import { openDatabase, type DatabaseHandle } from './db/client.ts';
import { lockHeir } from './db/data-dir-lock.ts';
import { ensureBundledContent, type ImportReport } from './modules/vocabulary/content-import.ts';

/**
 * What every start does before serving: pending migrations, then the bundled vocabulary set when it
 * changed. Both hold an advisory lock, so instances starting together on one PostgreSQL apply each
 * migration once and import once (decision 025). Resolves to the import's report, or undefined
 * when the set was already in.
 */
export async function prepareDatabase(database: DatabaseHandle, contentDir: string): Promise<ImportReport | undefined> {
  await database.migrate();
  return ensureBundledContent(database.db, contentDir);
}

/** Beside this module: dist/prepare-child.js next to the built server, or the source under tsx. */
const preparingChild = fileURLToPath(
  new URL(import.meta.url.endsWith('.ts') ? './prepare-child.ts' : './prepare-child.js', import.meta.url),
);

/**
 * The server's database, prepared (prepareDatabase) and open. The preparation runs in a short-lived
 * child process, so that none of it stays in the server's:
 * - PGlite's WebAssembly memory never shrinks, so an import done here would keep the server hundreds
 *   of MB larger for as long as it runs (decision 028);
 * - V8 keeps what it learnt while running the migrations and the import: the server measured about
 *   a fifth more CPU per API request for as long as it ran after preparing a new database itself
 *   (decision 046).
 * For the embedded database the child takes the directory's lock and hands it to this process as it
 * ends, so that no other process can open the directory in between (decision 009).
 */
export async function openPreparedDatabase(
  config: Pick<AppConfig, 'DATABASE_URL' | 'DATA_DIR' | 'CONTENT_DIR'>,
): Promise<{ database: DatabaseHandle; imported: ImportReport | undefined }> {
  const databaseUrl = config.DATABASE_URL;
  const heir = databaseUrl ? undefined : lockHeir();
  const child = fork(preparingChild, heir ? [config.CONTENT_DIR, config.DATA_DIR, heir.owner] : [config.CONTENT_DIR], {
    env: { ...process.env, DATABASE_URL: databaseUrl ?? '' },
  });
  let imported: ImportReport | undefined;
  // Only the message that carries `imported`: under `tsx watch` (npm run dev) tsx's loader in the
  // child reports the files it loads over the same channel.
  child.on('message', (message: { imported?: ImportReport | null }) => {
    if (message && 'imported' in message) imported = message.imported ?? undefined;
  });
  // 'close' rather than 'exit': it comes once the IPC channel is drained, after the report.
  const [code] = (await once(child, 'close')) as [number | null];
  // The child has printed why (the directory in use, a failed migration); a stack trace would bury it.
  if (code !== 0) process.exit(code ?? 1);
  const database = heir
    ? await openDatabase({ dataDir: config.DATA_DIR, lock: heir.adopt(config.DATA_DIR) })
    : await openDatabase({ databaseUrl });
  return { database, imported };
}
