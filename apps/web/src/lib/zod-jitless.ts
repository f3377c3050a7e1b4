import { z } from 'zod';

/**
 * Zod compiles object parsers with `new Function` and probes for it when the first object schema
 * is built; our CSP (script-src 'self') forbids both and reports the probe as a violation. This
 * module must run before any schema is built: it shares Zod's chunk (vite.config.ts), so it runs
 * whenever Zod arrives, and first-page-endpoints.ts, the first page's way to the contract's
 * schemas, imports it first.
 */
z.config({ jitless: true });
