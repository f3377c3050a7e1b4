import { IMPERSONATION_TOKEN_TTL_MS } from '@vocagarden/contract';
import type { Database } from '../../db/client.ts';
import { forbidden, notFound } from '../../lib/errors.ts';
import { usersRepository } from '../users/users.repository.ts';
import { impersonationClock, sessionClock, tokensRepository } from './tokens.repository.ts';

export interface ImpersonationRequest {
  /** The staff member asking (route.ts has checked that they are staff, signed in with their own token). */
  staff: { id: number; email: string };
  userId: number;
  userAgent: string | undefined;
  /** The app's clock (tests and DEV_TOOLS move it); the token ends 15 minutes later on either clock. */
  now: Date;
}

/**
 * A token with which a staff member views the app as a learner (GET analytics/token/, decision
 * 015): 15 minutes, refused on staff endpoints and on account-changing ones (route.ts), not
 * counted as the learner's activity, and recorded in both action logs as `impersonation_started`
 * with both ids. Staff are never impersonated (403, recorded as `impersonation_refused` in the
 * asking staff member's log): a view as a staff member would be a way round the staff checks of
 * whoever holds the token, and staff accounts are the ones most worth protecting.
 */
export async function startImpersonation(db: Database, request: ImpersonationRequest): Promise<string> {
  const { staff, userId } = request;
  const target = await usersRepository(db).findById(userId);
  if (!target) throw notFound();
  const details = `staff_id=${staff.id} user_id=${target.id}`;
  if (target.isStaff) {
    await usersRepository(db).logAction(staff.id, 'impersonation_refused', `${details} (target is staff)`);
    throw forbidden();
  }
  const at = impersonationClock(sessionClock(), request.now);
  const expiresAt = new Date(at.getTime() + IMPERSONATION_TOKEN_TTL_MS);
  return db.transaction(async (tx) => {
    const token = await tokensRepository(tx).issueImpersonation(target.id, staff.id, request.userAgent, at, expiresAt);
    const users = usersRepository(tx);
    await users.logAction(staff.id, 'impersonation_started', `${details} email=${target.email}`);
    await users.logAction(target.id, 'impersonation_started', `${details} staff_email=${staff.email}`);
    return token;
  });
}
