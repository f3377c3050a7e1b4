import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';

declare module 'vitest' {
  export interface ProvidedContext {
    logDir: string;
  }
}

/** A run of 43+ URL-safe characters with upper case, lower case and digits: a 256-bit secret (token, reset link, sign-in exchange code). */
function secretsIn(line: string): string[] {
  return (line.match(/[A-Za-z0-9_-]{43,}/g) ?? []).filter(
    (run) => /[A-Z]/.test(run) && /[a-z]/.test(run) && /[0-9]/.test(run),
  );
}

/** What must never be in a log line, by what it would betray. */
const forbidden: [string, (line: string) => boolean][] = [
  ['a password hash', (line) => line.includes('scrypt$')],
  ['a password field', (line) => /"(password|current_password|new_password)"/.test(line)],
  ['a query string', (line) => /"url":"[^"]*\?/.test(line)],
  ['an emailed link with a secret', (line) => /reset-password[?#]|#token=|oidc_code=/.test(line)],
  ['an email body', (line) => /"(text|html)":/.test(line)],
  ['an Authorization header', (line) => /Token [A-Za-z0-9_-]{20,}/.test(line)],
  ['a secret token', (line) => secretsIn(line).length > 0],
];

/**
 * Every API-suite app logs (at debug) into one file per worker; when the run ends, this scans
 * them all and fails the run if any line holds a secret.
 */
export default function setup(project: TestProject) {
  const dir = mkdtempSync(join(tmpdir(), `vocagarden-api-logs-${project.name}-`));
  project.provide('logDir', dir);
  return () => {
    const findings: string[] = [];
    let lines = 0;
    for (const file of readdirSync(dir)) {
      for (const line of readFileSync(join(dir, file), 'utf8').split('\n')) {
        if (!line) continue;
        lines += 1;
        for (const [what, found] of forbidden) {
          if (found(line)) findings.push(`${what}: ${line.slice(0, 300)}`);
        }
      }
    }
    rmSync(dir, { recursive: true, force: true });
    const problem =
      lines === 0
        ? 'the API suite logged nothing, so the scan would prove nothing'
        : findings.length > 0
          ? `secrets in the server log:\n${findings.slice(0, 20).join('\n')}`
          : undefined;
    if (problem) {
      // Vitest reports an error thrown here but still exits 0; the exit code is what CI reads.
      process.exitCode = 1;
      throw new Error(`${project.name}: ${problem}`);
    }
  };
}
