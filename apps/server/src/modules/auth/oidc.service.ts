import * as client from 'openid-client';
import { isAllowedProfilePicture, OIDC_EXCHANGE_TTL_MS, type Session } from '@vocagarden/contract';
import { and, eq, gt } from 'drizzle-orm';
import type { OidcProviderConfig } from '../../config.ts';
import { oidcSignIns, oidcStates, userIdentities } from '../../db/schema.ts';
import { randomSecret, sha256 } from '../../lib/crypto.ts';
import { ApiError } from '../../lib/errors.ts';
import type { Services } from '../../services.ts';
import { authService, type RequestContext } from './auth.service.ts';
import { usersRepository } from '../users/users.repository.ts';

const STATE_TTL_MS = 10 * 60_000;

/** Loopback issuers (local development, tests) are the only ones allowed over plain HTTP. */
function isLoopback(url: URL) {
  return ['127.0.0.1', 'localhost', '[::1]'].includes(url.hostname);
}

/**
 * OpenID Connect sign-in: authorization code flow with PKCE, state and nonce. A returning
 * identity signs in; a new one is linked to the account with the same verified email, or
 * creates a password-less account.
 */
export function oidcService(services: Services, providers: OidcProviderConfig[]) {
  const { db, now, publicUrl } = services;
  const users = usersRepository(db);
  const auth = authService(services);
  const configurations = new Map<string, Promise<client.Configuration>>();

  function provider(id: string): OidcProviderConfig {
    const found = providers.find((candidate) => candidate.id === id);
    if (!found) throw new ApiError(404, 'provider_not_found');
    return found;
  }

  function configuration(config: OidcProviderConfig): Promise<client.Configuration> {
    let discovered = configurations.get(config.id);
    if (!discovered) {
      const issuer = new URL(config.issuer);
      discovered = client
        .discovery(issuer, config.client_id, config.client_secret, undefined, {
          execute: isLoopback(issuer) ? [client.allowInsecureRequests] : [],
        })
        .catch((error: unknown) => {
          configurations.delete(config.id);
          throw error;
        });
      configurations.set(config.id, discovered);
    }
    return discovered;
  }

  const redirectUri = (id: string) => `${publicUrl}/cyberapi/auth/oidc/${id}/callback/`;

  async function findOrCreateUser(providerId: string, claims: client.UserInfoResponse): Promise<number> {
    const [identity] = await db
      .select()
      .from(userIdentities)
      .where(and(eq(userIdentities.provider, providerId), eq(userIdentities.subject, claims.sub)));
    if (identity) return identity.userId;

    // Linking by email is only safe when the provider vouches for the address.
    if (!claims.email || claims.email_verified !== true) throw new ApiError(400, 'oidc_failed');
    const existing = await users.findByEmail(claims.email);
    const user =
      existing ??
      (await users.create({
        email: claims.email,
        firstName: claims.given_name ?? '',
        lastName: claims.family_name ?? '',
        profilePictureUri: isAllowedProfilePicture(claims.picture) ? claims.picture : null,
      }));
    if (!user) throw new ApiError(400, 'oidc_failed');
    await db
      .insert(userIdentities)
      .values({ provider: providerId, subject: claims.sub, userId: user.id })
      .onConflictDoNothing();
    if (!existing) await users.logAction(user.id, 'signup', providerId);
    return user.id;
  }

  return {
    list: () => providers.map(({ id, name }) => ({ id, name, start_url: `/cyberapi/auth/oidc/${id}/start/` })),

    /**
     * Returns the provider's authorization URL; the state row remembers verifier, nonce and the
     * hash of the starting browser's secret.
     */
    async start(providerId: string, binding: string): Promise<string> {
      const config = provider(providerId);
      const oidc = await configuration(config);
      const state = client.randomState();
      const nonce = client.randomNonce();
      const codeVerifier = client.randomPKCECodeVerifier();
      await db.insert(oidcStates).values({
        state,
        nonce,
        codeVerifier,
        provider: providerId,
        bindingHash: sha256(binding),
        createdAt: now(),
      });
      const url = client.buildAuthorizationUrl(oidc, {
        redirect_uri: redirectUri(providerId),
        scope: 'openid email profile',
        state,
        nonce,
        code_challenge: await client.calculatePKCECodeChallenge(codeVerifier),
        code_challenge_method: 'S256',
      });
      return url.href;
    },

    /**
     * Completes the flow with the provider and returns a single-use code for the browser that
     * started it. No token travels in a URL: a link carrying someone else's code signs nobody in,
     * because only the starting browser holds the secret the exchange needs.
     */
    async callback(providerId: string, callbackUrl: URL): Promise<string> {
      const config = provider(providerId);
      const state = callbackUrl.searchParams.get('state') ?? '';
      // Deleting the row makes each state single use, even if the callback is replayed.
      const [pending] = await db
        .delete(oidcStates)
        .where(
          and(
            eq(oidcStates.state, state),
            eq(oidcStates.provider, providerId),
            gt(oidcStates.createdAt, new Date(now().getTime() - STATE_TTL_MS)),
          ),
        )
        .returning();
      if (!pending) throw new ApiError(400, 'oidc_failed');
      const oidc = await configuration(config);
      const tokens = await client.authorizationCodeGrant(oidc, callbackUrl, {
        pkceCodeVerifier: pending.codeVerifier,
        expectedState: pending.state,
        expectedNonce: pending.nonce,
        idTokenExpected: true,
      });
      const subject = tokens.claims()!.sub;
      const claims = await client.fetchUserInfo(oidc, tokens.access_token, subject);
      const userId = await findOrCreateUser(providerId, claims);
      const code = randomSecret(32);
      await db.insert(oidcSignIns).values({
        codeHash: sha256(code),
        bindingHash: pending.bindingHash,
        userId,
        expiresAt: new Date(now().getTime() + OIDC_EXCHANGE_TTL_MS),
        createdAt: now(),
      });
      return code;
    },

    /** Spends the code (once, in time, from the browser that started the sign-in) for a new session. */
    async exchange(code: string, binding: string, context: RequestContext): Promise<Session> {
      const [signIn] = await db
        .delete(oidcSignIns)
        .where(
          and(
            eq(oidcSignIns.codeHash, sha256(code)),
            eq(oidcSignIns.bindingHash, sha256(binding)),
            gt(oidcSignIns.expiresAt, now()),
          ),
        )
        .returning();
      if (!signIn) throw new ApiError(400, 'oidc_failed');
      return auth.startSession(signIn.userId, context, 'oidc_login');
    },
  };
}
