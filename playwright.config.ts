import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { defineConfig, devices } from '@playwright/test';
import { STAFF_ACCOUNT } from './e2e/staff-account.ts';

const port = Number(process.env.E2E_PORT ?? 3999);
export const baseURL = `http://127.0.0.1:${port}`;
// A fresh embedded database for every run: journeys start from an empty garden.
const dataDir = mkdtempSync(join(tmpdir(), 'vocagarden-e2e-'));

export default defineConfig({
  testDir: 'e2e',
  fullyParallel: true,
  workers: 2,
  // On CI one retry absorbs a journey that lost a race with the other worker on a loaded machine; the
  // list reporter still names it "flaky". A failure that repeats fails the run.
  retries: process.env.CI ? 1 : 0,
  // Two browsers and the server share the machine's two cores. Under that load a staff page's first
  // render (its large lazy chunk parsed) has taken over 5 s and the staff journey over 60 s.
  timeout: 120_000,
  expect: { timeout: 10_000 },
  reporter: 'list',
  use: {
    baseURL,
    // Recorded on a retry only: recording every journey (DOM snapshots and a screencast after each
    // step) made the layout and accessibility journeys take 6.1 min instead of 4.1 on this 2-core CI
    // host. A journey that fails on CI is run again with the trace on; locally, pass `--trace on`.
    trace: 'on-first-retry',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking'],
    },
  },
  projects: [{ name: 'chromium', use: { ...devices['Desktop Chrome'] } }],
  webServer: {
    // Each run starts from nothing: no Redis counters shared with earlier runs (CI exports REDIS_URL).
    // Its staff member is made the way the README says, before the server holds the data directory.
    command:
      `npm run --silent create-staff -- --email ${STAFF_ACCOUNT.email} --password ${STAFF_ACCOUNT.password} && ` +
      'env -u REDIS_URL node --enable-source-maps apps/server/dist/main.js',
    url: `${baseURL}/cyberapi/ready/`,
    reuseExistingServer: false,
    timeout: 120_000,
    env: {
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      PASSWORD_HASH_LOG_N: '12',
      PUBLIC_URL: baseURL,
      DEV_TOOLS: 'true',
      // Two browsers share the two cores with this server: a second's event-loop delay here is a starved
      // machine, not an overloaded server (decision 025; the shedding is tested in the API suite).
      PRESSURE_MAX_EVENT_LOOP_DELAY_MS: '0',
    },
  },
});
