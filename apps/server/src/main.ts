import { buildApp } from './app.ts';
import { loadConfig } from './config.ts';
import { openDatabase } from './db/client.ts';
import { exitIfDataDirInUse } from './db/data-dir-lock.ts';
import { ensureBundledContent } from './modules/vocabulary/content-import.ts';

const config = loadConfig();
const database = await openDatabase({ databaseUrl: config.DATABASE_URL, dataDir: config.DATA_DIR }).catch(
  exitIfDataDirInUse,
);
await database.migrate();
const imported = await ensureBundledContent(database.db, config.CONTENT_DIR);
const app = await buildApp({ database, config });
if (imported) app.log.info({ ...imported, problems: undefined }, 'imported the bundled vocabulary set');

let closing = false;
async function shutdown(signal: string) {
  if (closing) return;
  closing = true;
  app.log.info({ signal }, 'shutting down: draining requests');
  // Fastify stops accepting connections and waits for in-flight requests before onClose.
  const forceExit = setTimeout(() => process.exit(1), 15_000).unref();
  try {
    await app.close();
    await database.close();
    clearTimeout(forceExit);
    process.exit(0);
  } catch (error) {
    app.log.error({ err: error }, 'shutdown failed');
    process.exit(1);
  }
}
process.on('SIGTERM', () => void shutdown('SIGTERM'));
process.on('SIGINT', () => void shutdown('SIGINT'));

await app.listen({ port: config.PORT, host: config.HOST });
app.log.info(`VocaGarden is serving ${config.PUBLIC_URL} (database: ${database.kind})`);
