import type { Session } from '@vocagarden/contract';
import type { FastifyInstance } from 'fastify';
import { premiumSubscriptions } from '../src/db/schema.ts';
import { request, testDatabase } from './test-app.ts';

let sequence = 0;

/** A unique address per call, so tests sharing a database never collide. */
export function uniqueEmail(prefix = 'learner'): string {
  sequence += 1;
  return `${prefix}.${process.pid}.${Date.now()}.${sequence}@example.com`;
}

export const TEST_PASSWORD = 'green-garden-42';

export async function signUp(
  app: FastifyInstance,
  overrides: Record<string, unknown> = {},
): Promise<Session & { password: string }> {
  const body = { email: uniqueEmail(), password: TEST_PASSWORD, accept_terms: true, ...overrides };
  const response = await request(app, { method: 'POST', url: '/cyberapi/auth/signup/', payload: body });
  if (response.statusCode !== 201) throw new Error(`signup failed: ${response.statusCode} ${response.body}`);
  return { ...(response.json() as Session), password: String(body.password) };
}

/** Gives a learner an active premium plan for 30 days, as a paid order would. */
export async function grantPremium(userId: number, now = new Date()): Promise<void> {
  const { db } = await testDatabase();
  await db.insert(premiumSubscriptions).values({
    userId,
    plan: 'Month 1',
    startDate: new Date(now.getTime() - 60_000),
    endDate: new Date(now.getTime() + 30 * 86_400_000),
  });
}
