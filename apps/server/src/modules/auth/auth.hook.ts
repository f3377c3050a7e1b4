import type { FastifyInstance, FastifyReply, FastifyRequest, onSendHookHandler } from 'fastify';
import type { Database } from '../../db/client.ts';
import { sha256 } from '../../lib/crypto.ts';
import { ApiError } from '../../lib/errors.ts';
import { usersRepository } from '../users/users.repository.ts';
import type { AccountCache } from './account-cache.ts';
import {
  impersonationClock,
  sessionClock,
  signedInBy,
  tokensRepository,
  type TokenLookup,
} from './tokens.repository.ts';

/** Activity is recorded at most this often per token and per user, so reads do not turn into writes. */
const ACTIVITY_INTERVAL_MS = 5 * 60_000;

/** The contract's tags of the endpoints through which a user changes their own account, tokens or plans. */
const ACCOUNT_TAGS = new Set(['auth', 'users', 'premium']);

/**
 * DRF's TokenAuthentication: no header or another scheme is anonymous; a `Token` header whose key
 * is malformed, unknown or expired (unused for 30 days, or issued more than 180 days ago) is a
 * 401, never silently anonymous. Sets `request.auth` (declared in lib/http/route.ts, which also
 * enforces each endpoint's access). Token lifetimes run on the wall clock (see sessionClock); an
 * impersonation token's 15 minutes run on the later of the wall clock and the app's clock `now`
 * (decision 015), and its requests are not counted as the learner's activity.
 *
 * With a cache (decision 026) a known token costs no query; the database announces every change
 * to the accounts it holds, and a user's own change to their account is dropped here at once, so
 * the next request on this instance never sees the old one.
 */
export function registerAuthentication(
  app: FastifyInstance,
  db: Database,
  now: () => Date = sessionClock,
  cache?: AccountCache,
) {
  const tokens = tokensRepository(db);
  const users = usersRepository(db);

  /** Who the token is, from the cache or the database; undefined for a token that is not (or no longer) valid. */
  async function lookUp(keyHash: string): Promise<TokenLookup | undefined> {
    const ticket = cache?.ticket() ?? 0;
    const lookup = await tokens.lookup(keyHash);
    if (lookup) cache?.store(keyHash, lookup, ticket);
    return lookup;
  }

  /**
   * Signs the request in. A token the cache holds, used recently, is settled here and now, with no
   * promise to wait for: that is nearly every request, and the API's hottest path (issue 16). Only a
   * database read or write returns a promise.
   */
  function authenticate(request: FastifyRequest, reply: FastifyReply): Promise<void> | undefined {
    const header = request.headers.authorization;
    if (!header) return undefined;
    const [scheme, key, ...extra] = header.trim().split(/\s+/);
    if (scheme?.toLowerCase() !== 'token') return undefined;
    if (!key || extra.length > 0 || key.length > 200) throw new ApiError(401, 'invalid_token');
    const keyHash = sha256(key);
    const cached = cache?.get(keyHash);
    if (cached) return signIn(request, reply, cached);
    return lookUp(keyHash).then((lookup) => {
      if (!lookup) throw new ApiError(401, 'invalid_token');
      return signIn(request, reply, lookup);
    });
  }

  function signIn(request: FastifyRequest, reply: FastifyReply, lookup: TokenLookup): Promise<void> | undefined {
    const at = sessionClock();
    const auth = signedInBy(lookup, at, impersonationClock(at, now()));
    if (!auth) {
      // An ended token is deleted on sight.
      cache?.dropUser(lookup.user.id);
      return tokens.revoke(lookup.token.id).then(() => {
        throw new ApiError(401, 'invalid_token');
      });
    }
    request.auth = auth;
    // Answers for a signed-in user are theirs alone: no browser or proxy may keep a copy.
    reply.header('cache-control', 'no-store');
    // Each token keeps its own last use (its idle timeout depends on it): one busy device must not
    // hide another's activity behind the user's shared timestamp.
    const stale = (seen: Date | null) => at.getTime() - (seen?.getTime() ?? 0) > ACTIVITY_INTERVAL_MS;
    const tokenStale = stale(auth.tokenLastUsedAt);
    // A staff member viewing the app as a learner is not the learner's activity (decision 015).
    const userStale = stale(auth.user.lastActivity) && !auth.impersonatedBy;
    if (!tokenStale && !userStale) return undefined;
    return Promise.all([
      tokenStale ? tokens.markUsed(auth.tokenId, at) : undefined,
      userStale ? users.touchActivity(auth.user.id, at) : undefined,
    ]).then(() => undefined);
  }

  app.decorateRequest('auth', null);
  app.addHook('onRequest', (request, reply, done) => {
    let pending: Promise<void> | undefined;
    try {
      pending = authenticate(request, reply);
    } catch (error) {
      done(error as Error);
      return;
    }
    if (pending) pending.then(() => done(), done);
    else done();
  });
  if (cache) {
    // Only the routes through which users change their own account need it, so only they carry it.
    const dropChangedAccount: onSendHookHandler = (request, _reply, _payload, done) => {
      if (request.auth) cache.dropUser(request.auth.user.id);
      done();
    };
    app.addHook('onRoute', (routeOptions) => {
      const tag = routeOptions.schema?.tags?.[0];
      const methods = [routeOptions.method].flat();
      if (!tag || !ACCOUNT_TAGS.has(tag) || methods.every((method) => method === 'GET' || method === 'HEAD')) return;
      routeOptions.onSend = [routeOptions.onSend ?? [], dropChangedAccount].flat();
    });
  }
}
