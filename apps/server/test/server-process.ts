import { spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import pg from 'pg';

const serverEntry = fileURLToPath(new URL('../src/main.ts', import.meta.url));

/** A real server process (src/main.ts run by tsx), as the crash and multi-instance tests start it. */
export interface ServerProcess {
  readonly url: string;
  readonly child: ChildProcess;
  /** Resolves with the exit code (null when killed by a signal) once the process has ended. */
  readonly exited: Promise<number | null>;
  /** What it printed (stdout and stderr), for a failure's message. */
  output(): string;
  /** Resolves once GET ready/ answers 200; rejects if the process ends first or `timeoutMs` passes. */
  ready(timeoutMs?: number): Promise<void>;
  kill(signal: NodeJS.Signals): Promise<number | null>;
}

export function startServer(port: number, env: Record<string, string>): ServerProcess {
  const url = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, ['--import', 'tsx', serverEntry], {
    env: { ...process.env, LOG_LEVEL: 'warn', ...env, PORT: String(port), HOST: '127.0.0.1' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const keep = (chunk: Buffer) => {
    // The end is what explains a failure; a long run's warnings are not needed whole.
    output = (output + chunk.toString()).slice(-20_000);
  };
  child.stdout!.on('data', keep);
  child.stderr!.on('data', keep);
  let code: number | null | undefined;
  const exited = new Promise<number | null>((resolve) =>
    child.once('exit', (exitCode) => {
      code = exitCode;
      resolve(exitCode);
    }),
  );
  return {
    url,
    child,
    exited,
    output: () => output,
    async ready(timeoutMs = 120_000) {
      const deadline = Date.now() + timeoutMs;
      while (Date.now() < deadline) {
        if (code !== undefined)
          throw new Error(`the server on ${url} exited (${code}) before it was ready:\n${output}`);
        const status = await fetch(`${url}/cyberapi/ready/`).then(
          (response) => response.status,
          () => 0,
        );
        if (status === 200) return;
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      throw new Error(`the server on ${url} was not ready after ${timeoutMs} ms:\n${output}`);
    },
    async kill(signal) {
      if (code === undefined) child.kill(signal);
      return exited;
    },
  };
}

/** A new, empty database on the PostgreSQL server of `serverUrl`, and a way to drop it. */
export async function createDatabase(
  serverUrl: string,
  prefix: string,
): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `${prefix}_${Date.now()}_${process.pid}`;
  const admin = async (statement: string) => {
    const client = new pg.Client({ connectionString: serverUrl });
    await client.connect();
    try {
      await client.query(statement);
    } finally {
      await client.end();
    }
  };
  await admin(`CREATE DATABASE "${name}"`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return { url: url.toString(), drop: () => admin(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`) };
}
