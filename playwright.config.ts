import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { defineConfig, devices } from '@playwright/test';

const port = Number(process.env.E2E_PORT ?? 3999);
export const baseURL = `http://127.0.0.1:${port}`;
// A fresh embedded database for every run: journeys start from an empty garden.
const dataDir = mkdtempSync(join(tmpdir(), 'vocagarden-e2e-'));

export default defineConfig({
  testDir: 'e2e',
  fullyParallel: true,
  workers: 2,
  retries: 0,
  timeout: 60_000,
  reporter: process.env.CI ? [['list']] : [['list']],
  use: {
    baseURL,
    trace: 'retain-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking'],
    },
  },
  projects: [{ name: 'chromium', use: { ...devices['Desktop Chrome'] } }],
  webServer: {
    // Each run starts from nothing: no Redis counters shared with earlier runs (CI exports REDIS_URL).
    command: 'env -u REDIS_URL node --enable-source-maps apps/server/dist/main.js',
    url: `${baseURL}/cyberapi/health/`,
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
    },
  },
});
