// Validates content files (JSON Lines or CSV) and upserts them:
//   npm run content:import -- packages/content/data/a1.jsonl more.csv …
// Every bad row is reported with its line; if there is any, nothing is imported (exit 1).
import { resolve } from 'node:path';
import { loadConfig } from '../config.ts';
import { openDatabase } from '../db/client.ts';
import { exitIfDataDirInUse } from '../db/data-dir-lock.ts';
import { importContentFiles } from '../modules/vocabulary/content-import.ts';

const paths = process.argv.slice(2).map((path) => resolve(process.env.INIT_CWD ?? process.cwd(), path));
if (paths.length === 0) {
  console.error('Usage: npm run content:import -- <file.jsonl|file.csv> …');
  process.exit(2);
}

const config = loadConfig();
const database = await openDatabase({ databaseUrl: config.DATABASE_URL, dataDir: config.DATA_DIR }).catch(
  exitIfDataDirInUse,
);
try {
  await database.migrate();
  const started = performance.now();
  const report = await importContentFiles(database.db, paths);
  if (report.problems.length > 0) {
    for (const problem of report.problems) console.error(`${problem.file}:${problem.line}: ${problem.reason}`);
    console.error(`${report.problems.length} bad row(s); nothing was imported.`);
    process.exitCode = 1;
  } else {
    const seconds = ((performance.now() - started) / 1000).toFixed(1);
    console.log(
      `Imported in ${seconds} s: ${report.inserted} new, ${report.updated} changed, ${report.unchanged} unchanged.`,
    );
  }
} finally {
  await database.close();
}
