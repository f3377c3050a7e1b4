// `npm run lighthouse`: Lighthouse's mobile audit of the first pages (issue 16, decision 027). It
// starts the built server (`npm run build` first) on a free port with a fresh embedded database, or
// audits LIGHTHOUSE_URL; signs a learner up through the API for /home; runs each page three times in
// Debian's Chromium and keeps Lighthouse's median run; prints a table and exits 1 when a page's
// performance is under 95 or its accessibility under 100 (LIGHTHOUSE_MIN_PERFORMANCE, one floor for
// every page or one per page such as `/=60,/login=60,/home=45`, and LIGHTHOUSE_MIN_ACCESSIBILITY
// change these). LIGHTHOUSE_PAGES (such as `/home`, or `/,/login`) audits only those pages.
//
// Settings are Lighthouse's default mobile ones (Moto G Power screen, simulated slow 4G: 150 ms RTT,
// 1.6 Mbps, 4x CPU slowdown), with one correction Lighthouse documents (docs/throttling.md,
// "Calibrating the CPU slowdown"): when this machine is slower than the desktop that 4x assumes —
// two shared cores, busy with other work — its BenchmarkIndex, measured right before each run, gives
// a smaller slowdown that still lands on the same mid-tier phone. It never goes above the standard
// 4x: a faster machine is measured with the standard settings. Each run prints its index and the
// multiplier used; LIGHTHOUSE_CPU_SLOWDOWN=4 (or any number) fixes the multiplier instead.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { launch, type LaunchedChrome } from 'chrome-launcher';
import lighthouse, { defaultConfig, type Flags, type Result, type RunnerResult } from 'lighthouse';
import { computeMedianRun } from 'lighthouse/core/lib/median-run.js';
import { pageFunctions } from 'lighthouse/core/lib/page-functions.js';
import puppeteer, { type Browser } from 'puppeteer-core';
import { startBuiltServer } from './built-server.ts';

const RUNS = Number(process.env.LIGHTHOUSE_RUNS ?? 3);
/** The issue's target. */
const TARGET_PERFORMANCE = 95;

/**
 * Each page's performance floor: TARGET_PERFORMANCE, or LIGHTHOUSE_MIN_PERFORMANCE's — a number for
 * every page, or `path=floor` pairs separated by commas for some. `npm test` passes lower floors
 * until the pages reach the target: see decision 027 for the figures and what is left to do.
 */
function performanceFloors(setting: string | undefined, paths: string[]): Map<string, number> {
  const floors = new Map(paths.map((path) => [path, TARGET_PERFORMANCE]));
  if (!setting) return floors;
  if (/^\d+$/.test(setting)) return new Map(paths.map((path) => [path, Number(setting)]));
  for (const pair of setting.split(',')) {
    const [path, floor] = pair.split('=');
    if (!path || !floors.has(path) || !/^\d+$/.test(floor ?? '')) {
      throw new Error(`LIGHTHOUSE_MIN_PERFORMANCE: "${pair}" is not <one of ${paths.join(' ')}>=<floor>`);
    }
    floors.set(path, Number(floor));
  }
  return floors;
}
const MIN_ACCESSIBILITY = Number(process.env.LIGHTHOUSE_MIN_ACCESSIBILITY ?? 100);
const CHROME_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const CHROME_FLAGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking'];
/** The web app's token key (contract TOKEN_STORAGE_KEY, as apps/web/src/lib/token-storage.ts keeps it). */
const TOKEN_STORAGE_KEY = 'jwtToken';

interface Page {
  path: string;
  signedIn: boolean;
}
const ALL_PAGES: Page[] = [
  { path: '/', signedIn: false },
  { path: '/login', signedIn: false },
  { path: '/home', signedIn: true },
];
const PAGES = pagesToAudit(process.env.LIGHTHOUSE_PAGES);

function pagesToAudit(setting: string | undefined): Page[] {
  if (!setting) return ALL_PAGES;
  return setting.split(',').map((path) => {
    const page = ALL_PAGES.find((candidate) => candidate.path === path);
    if (!page)
      throw new Error(`LIGHTHOUSE_PAGES: "${path}" is not one of ${ALL_PAGES.map((known) => known.path).join(' ')}`);
    return page;
  });
}
const MIN_PERFORMANCE = performanceFloors(
  process.env.LIGHTHOUSE_MIN_PERFORMANCE,
  ALL_PAGES.map((page) => page.path),
);

/**
 * Lighthouse's CPU slowdown calculator (linked from docs/throttling.md): the multiplier that brings a
 * host of this BenchmarkIndex to the same mid-tier phone. It passes through 1x at 150, 2x at 800,
 * 3x at 1300 and 4x — Lighthouse's default — at about 1533, one more per 233 above that.
 */
export function calibratedSlowdown(benchmarkIndex: number): number {
  if (benchmarkIndex >= 1300) return 3 + (benchmarkIndex - 1300) / 233;
  if (benchmarkIndex >= 800) return 2 + (benchmarkIndex - 800) / 500;
  return Math.max(1, 1 + (benchmarkIndex - 150) / 650);
}

/** Lighthouse's default mobile CPU slowdown, meant for a desktop of BenchmarkIndex ≈ 1533. */
const STANDARD_SLOWDOWN = 4;

const fixedSlowdown = process.env.LIGHTHOUSE_CPU_SLOWDOWN ? Number(process.env.LIGHTHOUSE_CPU_SLOWDOWN) : undefined;
if (fixedSlowdown !== undefined && !(fixedSlowdown >= 1))
  throw new Error('LIGHTHOUSE_CPU_SLOWDOWN must be a number ≥ 1');

/** The built server as `npm start` runs it, on a fresh embedded database that is removed afterwards. */
async function startServer(): Promise<{ url: string; stop: () => Promise<void> }> {
  const dataDir = mkdtempSync(join(tmpdir(), 'vocagarden-lighthouse-db-'));
  const server = await startBuiltServer(
    { DATA_DIR: dataDir, DATABASE_URL: '', DRAIN_DELAY_SECONDS: '0' },
    { output: 'inherit' },
  );
  return {
    url: server.url,
    async stop() {
      await server.stop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** A learner who has answered sign-up's level question, so /home shows home rather than /welcome. */
async function signUpLearner(url: string): Promise<string> {
  const response = await fetch(`${url}/cyberapi/auth/signup/`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      email: `lighthouse.${process.pid}.${Date.now()}@example.com`,
      password: 'lighthouse-garden-42',
      first_name: 'Lighthouse',
      accept_terms: true,
      native_language_code: 'en',
      starting_level: 'A1',
    }),
  });
  if (response.status !== 201) throw new Error(`sign-up answered ${response.status}: ${await response.text()}`);
  return ((await response.json()) as { token: string }).token;
}

/**
 * Before a run: the machine's BenchmarkIndex right now (Lighthouse's own benchmark, in a blank tab),
 * the signed-in learner's token in the origin's localStorage for /home, and an empty HTTP cache (a
 * signed-in run keeps storage, so Lighthouse does not clear the cache itself).
 */
async function prepare(browser: Browser, url: string, token: string | null): Promise<number> {
  const tab = await browser.newPage();
  try {
    const benchmarkIndex = await tab.evaluate(pageFunctions.computeBenchmarkIndex);
    if (token) {
      // A small same-origin answer (no app assets), to reach the origin's storage.
      await tab.goto(`${url}/cyberapi/health/`);
      await tab.evaluate(([key, value]) => localStorage.setItem(key!, value!), [TOKEN_STORAGE_KEY, token]);
      const cdp = await tab.createCDPSession();
      await cdp.send('Network.clearBrowserCache');
      await cdp.detach();
    }
    return benchmarkIndex;
  } finally {
    await tab.close();
  }
}

interface Run {
  lhr: Result;
  report: string;
  hostBenchmarkIndex: number;
  cpuSlowdown: number;
}

/** A run Lighthouse itself could not complete (a trace without navigation start …): it asks to run again. */
class RunFailed extends Error {}
const ATTEMPTS = 3;

async function auditRun(
  chrome: LaunchedChrome,
  browser: Browser,
  url: string,
  page: Page,
  token: string,
): Promise<Run> {
  const hostBenchmarkIndex = await prepare(browser, url, page.signedIn ? token : null);
  const cpuSlowdown = fixedSlowdown ?? Math.min(STANDARD_SLOWDOWN, calibratedSlowdown(hostBenchmarkIndex));
  const flags: Flags = {
    port: chrome.port,
    output: 'html',
    logLevel: 'error',
    onlyCategories: ['performance', 'accessibility'],
    // The default mobile throttling, with the CPU slowdown above.
    throttling: { ...defaultConfig.settings?.throttling, cpuSlowdownMultiplier: cpuSlowdown },
    // Signed in: keep the token just stored (prepare() emptied the cache instead).
    disableStorageReset: page.signedIn,
  };
  const result: RunnerResult | undefined = await lighthouse(`${url}${page.path}`, flags);
  if (!result) throw new Error(`Lighthouse returned nothing for ${page.path}`);
  if (result.lhr.runtimeError) throw new RunFailed(`${page.path}: ${result.lhr.runtimeError.message}`);
  const finalPath = new URL(result.lhr.finalDisplayedUrl).pathname;
  if (finalPath !== page.path) throw new Error(`${page.path} ended on ${finalPath}: the audit measured another page`);
  return { lhr: result.lhr, report: String(result.report), hostBenchmarkIndex, cpuSlowdown };
}

/** One run, run again when Lighthouse reports that it failed to record it (not when the page fails). */
async function audit(chrome: LaunchedChrome, browser: Browser, url: string, page: Page, token: string): Promise<Run> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await auditRun(chrome, browser, url, page, token);
    } catch (error) {
      if (!(error instanceof RunFailed) || attempt === ATTEMPTS) throw error;
      console.log(`${error.message}; running it again`);
    }
  }
}

const score = (lhr: Result, category: string) => Math.round((lhr.categories[category]?.score ?? 0) * 100);
const ms = (lhr: Result, audit: string) => `${Math.round(lhr.audits[audit]?.numericValue ?? NaN)} ms`;
const cls = (lhr: Result) => (lhr.audits['cumulative-layout-shift']?.numericValue ?? NaN).toFixed(3);

async function main() {
  const given = process.env.LIGHTHOUSE_URL?.replace(/\/$/, '');
  const server = given ? undefined : await startServer();
  const url = given ?? server!.url;
  const reportDir = process.env.LIGHTHOUSE_REPORT_DIR ?? mkdtempSync(join(tmpdir(), 'vocagarden-lighthouse-'));
  mkdirSync(reportDir, { recursive: true });
  let chrome: LaunchedChrome | undefined;
  let browser: Browser | undefined;
  try {
    const token = await signUpLearner(url);
    chrome = await launch({ chromePath: CHROME_PATH, chromeFlags: CHROME_FLAGS, logLevel: 'silent' });
    browser = await puppeteer.connect({ browserURL: `http://127.0.0.1:${chrome.port}`, defaultViewport: null });
    console.log(
      `Lighthouse ${RUNS}× per page on ${url}, mobile; CPU slowdown ${
        fixedSlowdown === undefined
          ? `${STANDARD_SLOWDOWN}x, less on a host slower than Lighthouse's reference (BenchmarkIndex)`
          : `${fixedSlowdown}x (fixed)`
      }`,
    );

    const rows: string[][] = [];
    let failed = false;
    for (const page of PAGES) {
      const runs: Run[] = [];
      for (let run = 0; run < RUNS; run += 1) runs.push(await audit(chrome, browser, url, page, token));
      const median = computeMedianRun(runs.map((run) => run.lhr));
      const chosen = runs.find((run) => run.lhr === median)!;
      writeFileSync(join(reportDir, `${page.path.replace(/\W/g, '') || 'landing'}.html`), chosen.report);
      const performance = score(median, 'performance');
      // Accessibility does not depend on timing: every run must have it all.
      const accessibility = Math.min(...runs.map((run) => score(run.lhr, 'accessibility')));
      const ok = performance >= MIN_PERFORMANCE.get(page.path)! && accessibility >= MIN_ACCESSIBILITY;
      failed ||= !ok;
      rows.push([
        page.path,
        String(performance),
        String(MIN_PERFORMANCE.get(page.path)),
        String(accessibility),
        ms(median, 'largest-contentful-paint'),
        ms(median, 'total-blocking-time'),
        ms(median, 'first-contentful-paint'),
        cls(median),
        runs.map((run) => score(run.lhr, 'performance')).join(' '),
        `${Math.round(chosen.hostBenchmarkIndex)} → ${chosen.cpuSlowdown.toFixed(1)}x`,
        ok ? 'ok' : 'FAIL',
      ]);
    }

    const header = ['page', 'perf', 'floor', 'a11y', 'LCP', 'TBT', 'FCP', 'CLS', 'runs', 'bench → CPU', ''];
    const widths = header.map((title, column) => Math.max(title.length, ...rows.map((row) => row[column]!.length)));
    const line = (cells: string[]) => cells.map((cell, column) => cell.padEnd(widths[column]!)).join('  ');
    console.log(`\n${line(header)}\n${rows.map(line).join('\n')}`);
    console.log(`\nMedian runs' reports: ${reportDir}`);
    console.log(
      failed
        ? `\nLighthouse: a page is under its performance floor or ${MIN_ACCESSIBILITY} accessibility (median of ${RUNS}).`
        : `\nLighthouse: every page has performance at its floor or above and accessibility ${MIN_ACCESSIBILITY}.`,
    );
    process.exitCode = failed ? 1 : 0;
  } finally {
    await browser?.disconnect();
    chrome?.kill();
    await server?.stop();
  }
}

await main();
