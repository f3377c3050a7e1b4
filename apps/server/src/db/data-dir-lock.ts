// An exclusive lock on the embedded database's directory, in the manner of PostgreSQL's
// postmaster.pid: PGlite has no lock of its own, and two processes on one directory each keep their
// own view of the files, so one of them silently loses acknowledged writes (decision record 009).
import { createHash, randomUUID } from 'node:crypto';
import { linkSync, readFileSync, renameSync, unlinkSync, writeFileSync } from 'node:fs';
import { basename, join, resolve } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';

/** Lives inside the data directory, so every path that leads to the directory finds the same lock. */
export const LOCK_FILE = 'vocagarden.lock';

/** What a lock file records about the process that holds it. */
export interface LockOwner {
  pid: number;
  /** Linux only: the process's start time in clock ticks since boot (/proc/<pid>/stat, field 22). */
  startTime?: string;
  /** Linux only: which boot of the machine the process ran in. */
  bootId?: string;
  /** For people: when the process started, and which script it was running. */
  startedAt: string;
  command: string;
  /** Tells this lock from another this same process took, or a predecessor with the same pid. */
  token: string;
}

export class DataDirInUseError extends Error {
  constructor(
    readonly dataDir: string,
    readonly owner: LockOwner,
  ) {
    super(
      `The embedded database in ${dataDir} is in use by another VocaGarden process ` +
        `(pid ${owner.pid}, ${owner.command}, started ${owner.startedAt}). ` +
        'Stop that server first (Ctrl+C or SIGTERM), then run this command again — ' +
        'or point DATABASE_URL at PostgreSQL, where several processes may share one database.',
    );
    this.name = 'DataDirInUseError';
  }
}

export interface DataDirLock {
  /** Removes the lock file (if it is still ours) or hands it to the heir; also done when the process exits. */
  release(): void;
}

/**
 * For a command's entry point (`.catch(exitIfDataDirInUse)` on openDatabase): a directory in use is
 * not a bug, so print the advice alone, without a stack trace, and exit 1. Anything else is rethrown.
 */
export function exitIfDataDirInUse(error: unknown): never {
  if (!(error instanceof DataDirInUseError)) throw error;
  console.error(error.message);
  process.exit(1);
}

/** Tokens of the locks this process holds or is taking: a lock file with our own pid is live only if listed. */
const heldTokens = new Set<string>();

/**
 * Takes the lock on `dataDir` (which must exist) or throws DataDirInUseError naming the process that
 * holds it. A lock left by a process that is gone (kill -9, power loss) is taken over at once.
 *
 * With `heir` (the `owner` of another process's LockHeir), releasing the lock passes it to that
 * process instead of removing it: the file is replaced in one rename, so no third process can take
 * the directory in between. The server's preparing child uses this (decision 028).
 */
export async function lockDataDir(dataDir: string, { heir }: { heir?: string } = {}): Promise<DataDirLock> {
  if (heir !== undefined && !parseOwner(heir)) throw new Error(`Not a lock owner: ${heir}`);
  const path = join(dataDir, LOCK_FILE);
  const me = currentOwner();
  const mine = serialise(me);
  // Listed before the file exists: another call in this process that finds it must see it as live.
  heldTokens.add(me.token);
  const holder = await acquire(path, mine).catch((error: unknown) => {
    heldTokens.delete(me.token);
    throw error;
  });
  if (holder) {
    heldTokens.delete(me.token);
    throw new DataDirInUseError(resolve(dataDir), holder);
  }
  return held(me.token, heir === undefined ? () => removeIfMine(path, mine) : () => handOver(path, mine, heir));
}

/** A lock this process is to receive from another: the preparing child hands it over as it finishes. */
export interface LockHeir {
  /** The record to pass to the other process's lockDataDir as `heir`. */
  readonly owner: string;
  /** Takes up the lock on `dataDir` once it has been handed over; throws if it has not. */
  adopt(dataDir: string): DataDirLock;
}

export function lockHeir(): LockHeir {
  const me = currentOwner();
  const owner = serialise(me);
  // Listed at once: from the moment it is handed over, the lock is live to this process's checks too.
  heldTokens.add(me.token);
  return {
    owner,
    adopt(dataDir) {
      const path = join(dataDir, LOCK_FILE);
      if (readIfExists(path) !== owner) throw new Error(`The lock on ${resolve(dataDir)} was not handed over`);
      return held(me.token, () => removeIfMine(path, owner));
    },
  };
}

const serialise = (owner: LockOwner) => `${JSON.stringify(owner)}\n`;

/** The handle on a lock this process holds; `giveUp` removes the file or hands it over. */
function held(token: string, giveUp: () => void): DataDirLock {
  const release = () => {
    process.off('exit', release);
    heldTokens.delete(token);
    giveUp();
  };
  // A process that ends without closing the database still frees it; one that is killed leaves a
  // lock behind, which the next opener finds stale.
  process.on('exit', release);
  return { release };
}

/** Replaces our lock by the heir's in one step: there is no moment without an owner for a third process to use. */
function handOver(path: string, mine: string, heir: string): void {
  if (readIfExists(path) !== mine) return;
  const draft = `${path}.${randomUUID()}.tmp`;
  writeFileSync(draft, heir, { flag: 'wx' });
  renameSync(draft, path);
}

/**
 * Creates `path` with the content `mine`, or returns the live owner of the existing file. A stale file
 * (its owner gone) is replaced, but only by the one process that wins a claim on that exact content:
 * two openers that find the same stale lock at once must not both delete it and each create their own,
 * nor may a slow one delete the fresh lock the winner has created meanwhile. The claim is itself a
 * lock file taken by this same procedure, so a claimant that dies mid-takeover is survived too.
 */
async function acquire(path: string, mine: string): Promise<LockOwner | undefined> {
  for (let attempt = 1; ; attempt++) {
    if (createExclusive(path, mine)) return undefined;
    const found = readIfExists(path);
    if (found === undefined) continue; // released between our two looks
    const owner = parseOwner(found);
    if (owner && isAlive(owner)) return owner;

    const claim = `${path}.takeover-${createHash('sha256').update(found).digest('hex').slice(0, 16)}`;
    const claimant = await acquire(claim, mine);
    if (claimant) {
      // Another live process is taking this stale lock over and will hold it in a moment: look
      // again shortly, so that the answer names the new holder (after a second, the claimant).
      if (attempt >= 100) return claimant;
      await sleep(10);
      continue;
    }
    try {
      // Under the claim nobody else may replace this content, so if it is still there it is
      // still the stale lock, and deleting it cannot delete a live one.
      if (readIfExists(path) === found) unlinkSync(path);
    } finally {
      removeIfMine(claim, mine);
    }
  }
}

/**
 * Writes a private file, then hard-links it to `path`: the link fails if `path` exists, like O_EXCL,
 * but unlike `open(path, 'wx')` + write, nobody can ever read the lock while it is still empty.
 */
function createExclusive(path: string, content: string): boolean {
  const draft = `${path}.${randomUUID()}.tmp`;
  writeFileSync(draft, content, { flag: 'wx' });
  try {
    linkSync(draft, path);
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return false;
    throw error;
  } finally {
    unlinkSync(draft);
  }
}

function readIfExists(path: string): string | undefined {
  try {
    return readFileSync(path, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
}

function removeIfMine(path: string, mine: string): void {
  if (readIfExists(path) !== mine) return;
  try {
    unlinkSync(path);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
}

/** Unreadable content (a file truncated by a crash) has no owner, so it counts as stale. */
function parseOwner(content: string): LockOwner | undefined {
  try {
    const owner = JSON.parse(content) as Partial<LockOwner> | null;
    return Number.isInteger(owner?.pid) && typeof owner?.token === 'string' ? (owner as LockOwner) : undefined;
  } catch {
    return undefined;
  }
}

function isAlive(owner: LockOwner): boolean {
  const bootId = currentBootId();
  if (owner.bootId && bootId && owner.bootId !== bootId) return false; // every process of that boot is gone
  // Our own pid is ours or a dead predecessor's (a container restarted after kill -9 reuses pid 1).
  if (owner.pid === process.pid) return heldTokens.has(owner.token);
  try {
    process.kill(owner.pid, 0);
  } catch (error) {
    // EPERM means the process exists but belongs to another user: alive.
    if ((error as NodeJS.ErrnoException).code === 'ESRCH') return false;
  }
  const now = procStat(owner.pid);
  if (!now) return true; // not Linux, or /proc hidden: the pid is all we can go by
  // A zombie has ended (its parent has not reaped it yet); another start time means the pid was reused.
  if (now.state === 'Z' || now.state === 'X') return false;
  return owner.startTime === undefined || owner.startTime === now.startTime;
}

function currentOwner(): LockOwner {
  const startTime = procStat(process.pid)?.startTime;
  const bootId = currentBootId();
  return {
    pid: process.pid,
    ...(startTime ? { startTime } : {}),
    ...(bootId ? { bootId } : {}),
    startedAt: new Date(performance.timeOrigin).toISOString(),
    // The script's name only: the rest of the command line may hold a password (create-staff).
    command: basename(process.argv[1] ?? process.argv0),
    token: randomUUID(),
  };
}

/** Fields of /proc/<pid>/stat (see proc(5)); undefined where there is no /proc. */
function procStat(pid: number): { state: string; startTime: string } | undefined {
  let stat: string;
  try {
    stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  } catch {
    return undefined;
  }
  // Field 2, the command name, is in parentheses and may itself contain spaces and parentheses.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  const [state, startTime] = [fields[0], fields[19]]; // fields 3 and 22
  return state && startTime ? { state, startTime } : undefined;
}

function currentBootId(): string | undefined {
  try {
    return readFileSync('/proc/sys/kernel/random/boot_id', 'utf8').trim();
  } catch {
    return undefined;
  }
}
