import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Executor } from '../db/client.ts';
import { appSecrets } from '../db/schema.ts';

/**
 * Links in our email that act without a sign-in (unsubscribe, tracked clicks) carry their own
 * proof: the payload, then an HMAC-SHA256 over the link's purpose and the payload. A link made for
 * one purpose is refused for another, and a changed byte is refused (decision 018).
 */
export interface LinkSigner {
  sign(purpose: string, payload: Record<string, string | number>): string;
  /** The payload, or null when the token was not made by us for this purpose. */
  verify(purpose: string, token: string): Record<string, unknown> | null;
}

/** 128 bits of the HMAC: plenty against forgery, and keeps links short. */
const SIGNATURE_BYTES = 16;

export function linkSigner(secret: string): LinkSigner {
  const signature = (purpose: string, body: string) =>
    createHmac('sha256', secret).update(`${purpose}.${body}`).digest().subarray(0, SIGNATURE_BYTES);
  return {
    sign(purpose, payload) {
      const body = Buffer.from(JSON.stringify(payload)).toString('base64url');
      return `${body}.${signature(purpose, body).toString('base64url')}`;
    },
    verify(purpose, token) {
      const [body, signed, extra] = token.split('.');
      if (!body || !signed || extra !== undefined) return null;
      const given = Buffer.from(signed, 'base64url');
      const expected = signature(purpose, body);
      if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
      try {
        const payload: unknown = JSON.parse(Buffer.from(body, 'base64url').toString('utf8'));
        return typeof payload === 'object' && payload !== null && !Array.isArray(payload)
          ? (payload as Record<string, unknown>)
          : null;
      } catch {
        return null;
      }
    },
  };
}

/**
 * A secret the servers share through the database: made by whichever instance asks first, read by
 * all (so several instances sign alike with nothing to configure), kept across restarts.
 */
export async function appSecret(db: Executor, name: string): Promise<string> {
  await db
    .insert(appSecrets)
    .values({ name, value: randomBytes(32).toString('base64url') })
    .onConflictDoNothing();
  const [row] = await db.select({ value: appSecrets.value }).from(appSecrets).where(eq(appSecrets.name, name));
  return row!.value;
}
