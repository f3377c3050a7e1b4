import type { FastifyInstance } from 'fastify';
import type { Database } from '../../db/client.ts';
import { ApiError } from '../../lib/errors.ts';
import { usersRepository } from '../users/users.repository.ts';
import { tokensRepository } from './tokens.repository.ts';

/** Activity is recorded at most this often per token, so reads do not turn into writes. */
const ACTIVITY_INTERVAL_MS = 5 * 60_000;

/**
 * DRF's TokenAuthentication: no header or another scheme is anonymous; a `Token` header whose key
 * is malformed or unknown is a 401, never silently anonymous. Sets `request.auth` (declared in
 * lib/http/route.ts, which also enforces each endpoint's access).
 */
export function registerAuthentication(app: FastifyInstance, db: Database) {
  const tokens = tokensRepository(db);
  const users = usersRepository(db);
  app.decorateRequest('auth', null);
  app.addHook('onRequest', async (request) => {
    const header = request.headers.authorization;
    if (!header) return;
    const [scheme, key, ...extra] = header.trim().split(/\s+/);
    if (scheme?.toLowerCase() !== 'token') return;
    if (!key || extra.length > 0 || key.length > 200) throw new ApiError(401, 'invalid_token');
    const auth = await tokens.authenticate(key);
    if (!auth) throw new ApiError(401, 'invalid_token');
    request.auth = auth;
    const lastSeen = auth.user.lastActivity?.getTime() ?? 0;
    if (Date.now() - lastSeen > ACTIVITY_INTERVAL_MS) {
      await Promise.all([tokens.markUsed(auth.tokenId), users.touchActivity(auth.user.id)]);
    }
  });
}
