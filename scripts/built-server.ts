// The built server, started by `npm start`'s script (which builds what is stale first), for the
// scripts that measure it: the bench and the Lighthouse audit.
import { spawn, type ChildProcess } from 'node:child_process';
import { join } from 'node:path';
import { freePort } from '../apps/server/test/free-port.ts';

const root = new URL('..', import.meta.url).pathname;

export interface RunningServer {
  url: string;
  process: ChildProcess;
  /** SIGTERM, then waits for the process to end. */
  stop(): Promise<void>;
}

/** Resolves once `path` answers 2xx; rejects if the process ends first or a couple of minutes pass. */
export async function waitForReady(url: string, child: ChildProcess, path = '/cyberapi/ready/'): Promise<void> {
  for (let attempt = 0; attempt < 600; attempt += 1) {
    if (child.exitCode !== null) throw new Error(`the server exited with ${child.exitCode}`);
    try {
      if ((await fetch(`${url}${path}`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`${url} did not become ready`);
}

export async function stopProcess(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  await exited;
}

/**
 * The server as `npm start` runs it (scripts/start.mjs: the built apps/server/dist/main.js, in the same
 * process, with start.mjs's heap setting) on a free loopback port, with `env` over quiet defaults;
 * ready when it resolves.
 */
export async function startBuiltServer(
  env: Record<string, string>,
  { nodeArgs = [], output = 'ignore' }: { nodeArgs?: string[]; output?: 'ignore' | 'inherit' } = {},
): Promise<RunningServer> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, [...nodeArgs, join(root, 'scripts/start.mjs')], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: url,
      LOG_LEVEL: 'warn',
      // Sign-up's password hash only: neither the bench's nor Lighthouse's figures depend on it.
      PASSWORD_HASH_LOG_N: '12',
      REDIS_URL: '',
      ...env,
    },
    stdio: ['ignore', output, 'inherit'],
  });
  await waitForReady(url, child);
  return { url, process: child, stop: () => stopProcess(child) };
}
