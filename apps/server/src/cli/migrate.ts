// Applies pending migrations and imports the bundled vocabulary set when it changed, as every server
// start does, then exits: `npm run db:migrate`. A deployment runs it once before a rolling restart,
// so that no instance spends its start waiting for another's import. Safe beside running servers on
// PostgreSQL and from several processes at once; on the embedded database, stop the server first.
import { loadConfig } from '../config.ts';
import { openDatabase } from '../db/client.ts';
import { exitIfDataDirInUse } from '../db/data-dir-lock.ts';
import { prepareDatabase } from '../prepare-database.ts';

const config = loadConfig();
const database = await openDatabase({ databaseUrl: config.DATABASE_URL, dataDir: config.DATA_DIR }).catch(
  exitIfDataDirInUse,
);
try {
  const started = performance.now();
  const imported = await prepareDatabase(database, config.CONTENT_DIR);
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  console.log(
    imported
      ? `Migrated and imported the bundled vocabulary set in ${seconds} s: ${imported.inserted} new, ${imported.updated} changed, ${imported.unchanged} unchanged, ${imported.removed} removed.`
      : `Migrated in ${seconds} s; the bundled vocabulary set was already imported.`,
  );
} finally {
  await database.close();
}
