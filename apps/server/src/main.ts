import { buildApp } from './app.ts';
import { loadConfig } from './config.ts';
import { drain } from './lib/http/lifecycle.ts';
import { openPreparedDatabase } from './prepare-database.ts';

const config = loadConfig();
const { database, imported } = await openPreparedDatabase(config);
const app = await buildApp({ database, config });
if (imported) app.log.info({ ...imported, problems: undefined }, 'imported the bundled vocabulary set');

let closing = false;
async function shutdown(signal: string) {
  if (closing) return;
  closing = true;
  app.log.info({ signal }, 'shutting down: draining requests');
  try {
    const outcome = await drain(app, {
      // Ctrl+C is someone at a terminal, not a balancer to warn: it stops without the delay.
      delayMs: signal === 'SIGINT' ? 0 : config.DRAIN_DELAY_SECONDS * 1000,
      timeoutMs: config.DRAIN_TIMEOUT_SECONDS * 1000,
      afterClose: () => database.close(),
    });
    if (outcome === 'timed out') {
      app.log.error(`shutdown: still busy after DRAIN_TIMEOUT_SECONDS=${config.DRAIN_TIMEOUT_SECONDS}; cut off`);
    }
    process.exit(outcome === 'drained' ? 0 : 1);
  } catch (error) {
    app.log.error({ err: error }, 'shutdown failed');
    process.exit(1);
  }
}
process.on('SIGTERM', () => void shutdown('SIGTERM'));
process.on('SIGINT', () => void shutdown('SIGINT'));

await app.listen({ port: config.PORT, host: config.HOST });
const analyticsReads = config.ANALYTICS_DATABASE_URL ? '; staff analytics read from ANALYTICS_DATABASE_URL' : '';
app.log.info(`VocaGarden is serving ${config.PUBLIC_URL} (database: ${database.kind}${analyticsReads})`);
