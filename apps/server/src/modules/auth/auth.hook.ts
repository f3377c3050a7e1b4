import type { FastifyInstance } from 'fastify';
import type { Database } from '../../db/client.ts';
import { ApiError } from '../../lib/errors.ts';
import { usersRepository } from '../users/users.repository.ts';
import { impersonationClock, sessionClock, tokensRepository } from './tokens.repository.ts';

/** Activity is recorded at most this often per token and per user, so reads do not turn into writes. */
const ACTIVITY_INTERVAL_MS = 5 * 60_000;

/**
 * DRF's TokenAuthentication: no header or another scheme is anonymous; a `Token` header whose key
 * is malformed, unknown or expired (unused for 30 days, or issued more than 180 days ago) is a
 * 401, never silently anonymous. Sets `request.auth` (declared in lib/http/route.ts, which also
 * enforces each endpoint's access). Token lifetimes run on the wall clock (see sessionClock); an
 * impersonation token's 15 minutes run on the later of the wall clock and the app's clock `now`
 * (decision 015), and its requests are not counted as the learner's activity.
 */
export function registerAuthentication(app: FastifyInstance, db: Database, now: () => Date = sessionClock) {
  const tokens = tokensRepository(db);
  const users = usersRepository(db);
  app.decorateRequest('auth', null);
  app.addHook('onRequest', async (request) => {
    const header = request.headers.authorization;
    if (!header) return;
    const [scheme, key, ...extra] = header.trim().split(/\s+/);
    if (scheme?.toLowerCase() !== 'token') return;
    if (!key || extra.length > 0 || key.length > 200) throw new ApiError(401, 'invalid_token');
    const at = sessionClock();
    const auth = await tokens.authenticate(key, at, impersonationClock(at, now()));
    if (!auth) throw new ApiError(401, 'invalid_token');
    request.auth = auth;
    // Each token keeps its own last use (its idle timeout depends on it): one busy device must not
    // hide another's activity behind the user's shared timestamp.
    const stale = (seen: Date | null) => at.getTime() - (seen?.getTime() ?? 0) > ACTIVITY_INTERVAL_MS;
    // A staff member viewing the app as a learner is not the learner's activity (decision 015).
    await Promise.all([
      stale(auth.tokenLastUsedAt) ? tokens.markUsed(auth.tokenId, at) : undefined,
      stale(auth.user.lastActivity) && !auth.impersonatedBy ? users.touchActivity(auth.user.id, at) : undefined,
    ]);
  });
}
