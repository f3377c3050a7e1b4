// Exits 1 with the advice of DataDirInUseError if another process has the embedded database open;
// `npm start` (scripts/start.mjs) asks before it builds. Taking the lock and giving it back is the
// check, so a stale lock is cleared on the way. Nothing to check on PostgreSQL or a new directory.
import { existsSync } from 'node:fs';
import { loadConfig } from '../config.ts';
import { exitIfDataDirInUse, lockDataDir } from '../db/data-dir-lock.ts';

const config = loadConfig();
if (!config.DATABASE_URL && existsSync(config.DATA_DIR)) {
  (await lockDataDir(config.DATA_DIR).catch(exitIfDataDirInUse)).release();
}
