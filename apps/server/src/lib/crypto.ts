import { hash, randomBytes, scrypt, timingSafeEqual } from 'node:crypto';
import { promisify } from 'node:util';
import { concurrencyLimit, QueueFullError } from './concurrency-limit.ts';
import { ApiError } from './errors.ts';

const scryptAsync = promisify(scrypt) as (
  password: string,
  salt: Buffer,
  keylen: number,
  options: { N: number; r: number; p: number; maxmem: number },
) => Promise<Buffer>;

const KEY_LENGTH = 32;
const BLOCK_SIZE = 8;

/**
 * At most this many scrypt derivations run at once. scrypt runs on libuv's thread pool (4 threads
 * unless UV_THREADPOOL_SIZE says otherwise), which also serves file reads (static files), DNS
 * lookups and compression: unbounded, a burst of password checks would queue every file read
 * behind seconds of hashing. Two keeps at least half the pool free, and bounds memory too
 * (each derivation holds 128 × N × r bytes: 128 MiB at N = 2^17).
 */
export const PASSWORD_HASH_CONCURRENCY = 2;
/**
 * Password checks waiting for a slot beyond this are refused with a 429 at once rather than
 * queued for many seconds (at N = 2^17 two slots get through roughly ten derivations a second).
 */
export const PASSWORD_HASH_MAX_WAITING = 64;

const hashingSlots = concurrencyLimit(PASSWORD_HASH_CONCURRENCY, PASSWORD_HASH_MAX_WAITING);

/** A URL-safe random secret of `bytes` bytes (32 bytes = 256 bits). */
export function randomSecret(bytes = 32): string {
  return randomBytes(bytes).toString('base64url');
}

/** Tokens are high-entropy, so a fast hash is enough to keep them useless if the table leaks. */
export function sha256(value: string): string {
  // The one-shot form: every authenticated request hashes its token, and it costs half of a Hash object.
  return hash('sha256', value, 'hex');
}

/** Memory-hard password hash, self-describing so the cost can be raised later: scrypt$logN$r$p$salt$key. */
export async function hashPassword(password: string, logN: number): Promise<string> {
  const salt = randomBytes(16);
  const key = await deriveKey(password, salt, logN, BLOCK_SIZE);
  return ['scrypt', logN, BLOCK_SIZE, 1, salt.toString('base64url'), key.toString('base64url')].join('$');
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [scheme, logN, r, , salt, key] = stored.split('$');
  if (scheme !== 'scrypt' || !salt || !key) return false;
  const expected = Buffer.from(key, 'base64url');
  const actual = await deriveKey(password, Buffer.from(salt, 'base64url'), Number(logN), Number(r));
  return actual.length === expected.length && timingSafeEqual(actual, expected);
}

async function deriveKey(password: string, salt: Buffer, logN: number, r: number): Promise<Buffer> {
  const N = 2 ** logN;
  try {
    return await hashingSlots.run(() =>
      scryptAsync(password.normalize('NFKC'), salt, KEY_LENGTH, { N, r, p: 1, maxmem: 256 * N * r }),
    );
  } catch (error) {
    if (error instanceof QueueFullError) throw new ApiError(429, 'throttled');
    throw error;
  }
}
