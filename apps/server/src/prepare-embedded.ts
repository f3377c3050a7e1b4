// The embedded database's preparation, run by the server as a short-lived child process
// (openPreparedDatabase, decision 028): the memory the import takes goes back to the system when
// this process ends. Arguments: the data directory, the content directory, and the server's lock
// record, to which the directory's lock passes when the database closes. Sends `{ imported }`, the
// import's report (null when the set was already in), over IPC.
import { mkdirSync } from 'node:fs';
import { openDatabase } from './db/client.ts';
import { exitIfDataDirInUse, lockDataDir } from './db/data-dir-lock.ts';
import { prepareDatabase } from './prepare-database.ts';

const [dataDir, contentDir, heir] = process.argv.slice(2) as [string, string, string];
mkdirSync(dataDir, { recursive: true });
const lock = await lockDataDir(dataDir, { heir }).catch(exitIfDataDirInUse);
const database = await openDatabase({ dataDir, lock });
let report;
try {
  report = await prepareDatabase(database, contentDir);
} finally {
  await database.close();
}
// A server killed meanwhile cannot take the report: that is no failure of the preparation.
process.send!({ imported: report ?? null }, () => process.exit(0));
