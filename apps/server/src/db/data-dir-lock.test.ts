import { spawn, type ChildProcessByStdio } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import type { Readable, Writable } from 'node:stream';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from './client.ts';
import { DataDirInUseError, LOCK_FILE, lockDataDir, lockHeir } from './data-dir-lock.ts';

const root = mkdtempSync(join(tmpdir(), 'vocagarden-lock-'));
const children = new Set<ChildProcessByStdio<Writable, Readable, Readable>>();
afterAll(() => {
  for (const child of children) child.kill('SIGKILL');
  rmSync(root, { recursive: true, force: true });
});

const moduleUrl = (path: string) => new URL(path, import.meta.url).href;
const sourcePath = (path: string) => fileURLToPath(new URL(path, import.meta.url));

/** Opens the database like a server does, then answers `write <email>` and `count <email>` on stdin. */
const holderScript = writeScript(
  'holder.mjs',
  `import { createInterface } from 'node:readline';
import { openDatabase } from '${moduleUrl('./client.ts')}';
const database = await openDatabase({ dataDir: process.argv[2] });
await database.migrate();
console.log('ready');
for await (const line of createInterface({ input: process.stdin })) {
  const [command, email] = line.split(' ');
  if (command === 'write') {
    await database.executeSql('INSERT INTO users (email) VALUES ($1)', [email]);
    console.log('wrote');
  } else {
    const { rows } = await database.executeSql('SELECT count(*)::int AS n FROM users WHERE email = $1', [email]);
    console.log(\`count \${rows[0].n}\`);
  }
}`,
);

/** Takes the lock alone (no PGlite) on `go <epoch ms>`, says whether it got it, and gives it back on `release`. */
const racerScript = writeScript(
  'racer.mjs',
  `import { createInterface } from 'node:readline';
import { DataDirInUseError, lockDataDir } from '${moduleUrl('./data-dir-lock.ts')}';
console.log('ready');
let lock;
for await (const line of createInterface({ input: process.stdin })) {
  if (line.startsWith('go ')) {
    // Spin until the agreed moment, so that the racers really do collide.
    const at = Number(line.slice(3));
    while (performance.timeOrigin + performance.now() < at);
    lock = await lockDataDir(process.argv[2]).catch((error) => {
      if (!(error instanceof DataDirInUseError)) throw error;
    });
    console.log(lock ? 'locked' : 'in use');
  } else {
    lock?.release();
    lock = undefined;
    console.log('released');
  }
}`,
);

/** Takes the lock for the heir of `lock <heir, base64>` and hands it over on `hand over <epoch ms>`. */
const testatorScript = writeScript(
  'testator.mjs',
  `import { createInterface } from 'node:readline';
import { lockDataDir } from '${moduleUrl('./data-dir-lock.ts')}';
console.log('ready');
let lock;
for await (const line of createInterface({ input: process.stdin })) {
  if (line.startsWith('lock ')) {
    lock = await lockDataDir(process.argv[2], { heir: Buffer.from(line.slice(5), 'base64').toString() });
    console.log('locked');
  } else {
    const at = Number(line.slice('hand over '.length));
    while (performance.timeOrigin + performance.now() < at);
    lock.release();
    console.log('handed over');
  }
}`,
);

function writeScript(name: string, text: string): string {
  const path = join(root, name);
  writeFileSync(path, text);
  return path;
}

/** A child process we talk to line by line; `reply()` fails with its stderr if it dies instead. */
function startChild(script: string, ...args: string[]) {
  const child = spawn(process.execPath, ['--import', 'tsx', script, ...args], { stdio: ['pipe', 'pipe', 'pipe'] });
  children.add(child);
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const lines = createInterface({ input: child.stdout })[Symbol.asyncIterator]();
  const reply = async (): Promise<string> => {
    const next = await lines.next(); // done when the child's stdout closes, i.e. it died
    if (next.done) throw new Error(`child exited unexpectedly: ${stderr}`);
    return next.value;
  };
  return {
    child,
    exited,
    reply,
    say(line: string): Promise<string> {
      child.stdin.write(`${line}\n`);
      return reply();
    },
  };
}

/** Runs a command (a script under src/cli, or the server) to its end, the way an administrator would. */
function runCli(name: string, args: string[], dataDir: string) {
  const script = sourcePath(name === 'main.ts' ? '../main.ts' : `../cli/${name}`);
  const child = spawn(process.execPath, ['--import', 'tsx', script, ...args], {
    env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '', PASSWORD_HASH_LOG_N: '10' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  return new Promise<{ status: number | null; stdout: string; stderr: string }>((resolve) =>
    child.once('close', (status) => resolve({ status, stdout, stderr })),
  );
}

/** The pid of a process that has come and gone. */
async function deadPid(): Promise<number> {
  const child = spawn(process.execPath, ['-e', '']);
  await new Promise((resolve) => child.once('exit', resolve));
  return child.pid!;
}

function freshDir(name: string): string {
  const dir = join(root, name);
  mkdirSync(dir);
  return dir;
}

function writeLock(dir: string, owner: Record<string, unknown>): void {
  const lock = { startedAt: '2020-01-01T00:00:00.000Z', command: 'main.js', token: 'left-behind', ...owner };
  writeFileSync(join(dir, LOCK_FILE), JSON.stringify(lock));
}

// These run in order against one server-like holder: a PGlite start costs seconds.
describe('a live embedded database', () => {
  const dataDir = join(root, 'data');
  let holder: ReturnType<typeof startChild>;
  beforeAll(async () => {
    holder = startChild(holderScript, dataDir);
    expect(await holder.reply()).toBe('ready');
  }, 60_000);

  it('refuses a second opener at once, naming the holder, and the holder keeps working', async () => {
    const started = performance.now();
    const attempt = openDatabase({ dataDir });
    await expect(attempt).rejects.toThrow(DataDirInUseError);
    await expect(attempt).rejects.toThrow(
      `The embedded database in ${dataDir} is in use by another VocaGarden process (pid ${holder.child.pid}, holder.mjs`,
    );
    expect(performance.now() - started).toBeLessThan(2_000);
    expect(await holder.say('write kept@example.com')).toBe('wrote');
  });

  it(
    'makes a second server, create-staff, content:import and the check of npm start fail with the advice, changing nothing',
    { timeout: 30_000 },
    async () => {
      const [staff, ...others] = await Promise.all([
        runCli('create-staff.ts', ['--email', 'staff@example.com', '--password', 'sturdy-oak-77'], dataDir),
        runCli('import-content.ts', [join(root, 'words.jsonl')], dataDir),
        runCli('check-data-dir.ts', [], dataDir), // what `npm start` asks before it builds
        runCli('main.ts', [], dataDir), // its preparing child is refused, and says so
      ]);
      for (const result of [staff, ...others]) {
        expect(result.status).toBe(1);
        expect(result.stderr).toContain('is in use by another VocaGarden process');
        expect(result.stderr).toContain('Stop that server first (Ctrl+C or SIGTERM)');
        expect(result.stderr).not.toContain('    at '); // advice, not a stack trace
      }
      expect(staff.stdout).not.toContain('created');
      expect(await holder.say('count staff@example.com')).toBe('count 0');
    },
  );

  it('lets the next opener in right after the holder is killed with SIGKILL', { timeout: 60_000 }, async () => {
    holder.child.kill('SIGKILL');
    await holder.exited;
    expect(existsSync(join(dataDir, LOCK_FILE))).toBe(true); // left behind, stale

    const database = await openDatabase({ dataDir });
    const count = async (email: string) =>
      (await database.executeSql('SELECT count(*)::int AS n FROM users WHERE email = $1', [email])).rows[0]!.n;
    expect(await count('kept@example.com')).toBe(1);
    expect(await count('staff@example.com')).toBe(0);
    await database.close();
    expect(existsSync(join(dataDir, LOCK_FILE))).toBe(false);
  });
});

describe('the data directory lock', () => {
  it('is not blocked by a lock whose owner is gone', async () => {
    const dir = freshDir('stale');
    const leftovers = [
      { pid: await deadPid() }, // kill -9, power loss
      { pid: process.pid }, // a restarted container's pid 1: our pid, but not our lock
      ...(process.platform === 'linux'
        ? [
            { pid: process.ppid, startTime: '1' }, // the pid now belongs to another process
            { pid: process.ppid, bootId: 'an-earlier-boot' },
          ]
        : []),
    ];
    for (const owner of leftovers) {
      writeLock(dir, owner);
      (await lockDataDir(dir)).release();
    }
    writeFileSync(join(dir, LOCK_FILE), ''); // truncated by a crash
    (await lockDataDir(dir)).release();
    expect(readdirSync(dir)).toEqual([]);
  });

  it('refuses a second lock in the same process until the first is released', async () => {
    const dir = freshDir('same-process');
    const attempts = await Promise.allSettled([lockDataDir(dir), lockDataDir(dir)]);
    const held = attempts.flatMap((attempt) => (attempt.status === 'fulfilled' ? [attempt.value] : []));
    const refused = attempts.flatMap((attempt) => (attempt.status === 'rejected' ? [attempt.reason as Error] : []));
    expect(held).toHaveLength(1);
    expect(refused.map((error) => error.message)).toEqual([expect.stringContaining(`(pid ${process.pid},`)]);
    held[0]!.release();
    (await lockDataDir(dir)).release();
  });

  it(
    'passes from a process to its heir in one step: a third process racing the handover is refused',
    { timeout: 60_000 },
    async () => {
      const dir = freshDir('handed-over');
      const [testator, racer] = [startChild(testatorScript, dir), startChild(racerScript, dir)];
      expect([await testator.reply(), await racer.reply()]).toEqual(['ready', 'ready']);
      for (let round = 0; round < 50; round++) {
        const heir = lockHeir();
        expect(await testator.say(`lock ${Buffer.from(heir.owner).toString('base64')}`)).toBe('locked');
        const at = Date.now() + 10;
        const [handedOver, raced] = await Promise.all([testator.say(`hand over ${at}`), racer.say(`go ${at}`)]);
        expect([handedOver, raced], `round ${round}`).toEqual(['handed over', 'in use']);
        const lock = heir.adopt(dir);
        await expect(lockDataDir(dir)).rejects.toThrow(`(pid ${process.pid},`);
        lock.release();
        expect(readdirSync(dir)).toEqual([]);
      }
      // Nothing handed over, nothing to adopt.
      expect(() => lockHeir().adopt(dir)).toThrow('was not handed over');
      for (const child of [testator, racer]) child.child.stdin.end();
    },
  );

  it(
    'goes to exactly one of two processes that find the same stale lock at the same moment',
    { timeout: 60_000 },
    async () => {
      const dir = freshDir('contested');
      const racers = Array.from({ length: 2 }, () => startChild(racerScript, dir));
      expect(await Promise.all(racers.map((racer) => racer.reply()))).toEqual(racers.map(() => 'ready'));
      const gone = await deadPid();
      for (let round = 0; round < 100; round++) {
        writeLock(dir, { pid: gone, token: `round-${round}` });
        const at = Date.now() + 10;
        const answers = await Promise.all(racers.map((racer) => racer.say(`go ${at}`)));
        expect(
          answers.filter((answer) => answer === 'locked'),
          `round ${round}`,
        ).toHaveLength(1);
        await Promise.all(racers.map((racer) => racer.say('release')));
        expect(readdirSync(dir)).toEqual([]); // no drafts or takeover claims left behind
      }
      // A holder that exits without releasing still frees the directory.
      expect(await racers[0]!.say(`go ${Date.now()}`)).toBe('locked');
      racers[0]!.child.stdin.end();
      await racers[0]!.exited;
      expect(readdirSync(dir)).toEqual([]);
      for (const racer of racers) racer.child.stdin.end();
    },
  );
});
