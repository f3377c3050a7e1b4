// The database's preparation (migrations, the bundled import), run by the server as a short-lived
// child process (openPreparedDatabase, decisions 028 and 046): the memory the import takes goes back
// to the system when this process ends, and the server's own process never runs it. Reads
// DATABASE_URL like the server; without it, the embedded database. Arguments: the content directory,
// then for the embedded database its data directory and the server's lock record, to which the
// directory's lock passes when the database closes. Sends `{ imported }`, the import's report (null
// when the set was already in), over IPC.
import { mkdirSync } from 'node:fs';
import { openDatabase, type DatabaseHandle } from './db/client.ts';
import { exitIfDataDirInUse, lockDataDir } from './db/data-dir-lock.ts';
import { prepareDatabase } from './prepare-database.ts';

const [contentDir, dataDir, heir] = process.argv.slice(2) as [string, string, string];
const databaseUrl = process.env.DATABASE_URL;

async function openEmbedded(): Promise<DatabaseHandle> {
  mkdirSync(dataDir, { recursive: true });
  const lock = await lockDataDir(dataDir, { heir }).catch(exitIfDataDirInUse);
  return openDatabase({ dataDir, lock });
}

const database = databaseUrl ? await openDatabase({ databaseUrl }) : await openEmbedded();
let report;
try {
  report = await prepareDatabase(database, contentDir);
} finally {
  await database.close();
}
// A server killed meanwhile cannot take the report: that is no failure of the preparation.
process.send!({ imported: report ?? null }, () => process.exit(0));
