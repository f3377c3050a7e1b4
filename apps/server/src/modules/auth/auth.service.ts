import { randomInt } from 'node:crypto';
import {
  errorMessages,
  type DeviceSession,
  type FieldErrors,
  isUiLanguage,
  LOGIN_CODE_MAX_ATTEMPTS,
  LOGIN_CODE_TTL_MS,
  RESET_RESEND_INTERVAL_MS,
  RESET_TOKEN_TTL_MS,
  type Session,
  type signupSchema,
} from '@vocagarden/contract';
import type { z } from 'zod';
import { hashPassword, randomSecret, sha256, verifyPassword } from '../../lib/crypto.ts';
import { loginCodeEmail, passwordResetEmail, welcomeEmail } from '../../lib/email/templates.ts';
import { ApiError, FieldValidationError, notFound } from '../../lib/errors.ts';
import { limits, secondsUntil, type Limit } from '../../lib/rate-limit.ts';
import type { Services } from '../../services.ts';
import { handOverClassroomsOf } from '../classrooms/classrooms.service.ts';
import { serializeUser } from '../users/user.serializer.ts';
import { usersRepository, type UserRow } from '../users/users.repository.ts';
import { passwordProblems } from './password-policy.ts';
import { secretsRepository } from './secrets.repository.ts';
import { sessionClock, tokensRepository, type Authenticated } from './tokens.repository.ts';

type SignupData = Omit<z.output<typeof signupSchema>, 'accept_terms'>;

/** What proves the owner when deleting an account: the password, or an emailed code without one. */
export interface AccountProof {
  password?: string | undefined;
  code?: string | undefined;
}

/** Changing the password while signed in. */
export interface PasswordChange {
  current_password: string;
  new_password: string;
}

export interface RequestContext {
  ip: string;
  userAgent: string | undefined;
}

export function recipient(user: UserRow) {
  return {
    email: user.email,
    firstName: user.firstName,
    language: isUiLanguage(user.nativeLanguageCode) ? user.nativeLanguageCode : ('en' as const),
  };
}

/**
 * Sign-up, sign-in (password or emailed code), sign-out, signed-in devices, password change and
 * recovery, and account deletion.
 */
export function authService({ db, email: mail, limiter, now, publicUrl, passwordHashLogN }: Services) {
  const users = usersRepository(db);
  const tokens = tokensRepository(db);
  const secrets = secretsRepository(db);
  // Verifying against a real hash for unknown emails keeps response times from revealing accounts.
  const decoyHash = hashPassword('decoy-password', passwordHashLogN);

  function assertPasswordAllowed(password: string, email: string) {
    const problems = passwordProblems(password, { email });
    if (problems.length > 0) throw new FieldValidationError({ password: problems });
  }

  /**
   * Every password check goes through here. It is counted per IP and per account before the
   * (deliberately slow) hash runs, and a wrong password counts towards the account's lockout,
   * which sign-in, account deletion and password change share: after 10 failures in 15 minutes
   * every check on the account, right or wrong, gets 429 until the window passes. `stored` null
   * (no account, or one without a password) spends the same time and fails.
   */
  async function passwordMatches(
    email: string,
    stored: string | null,
    password: string,
    perIp: Limit,
    context: RequestContext,
  ): Promise<boolean> {
    await limiter.consume(perIp, context.ip);
    await limiter.check(limits.loginFailuresPerAccount, email);
    await limiter.consume(limits.passwordAttemptsPerAccount, email);
    const valid = (await verifyPassword(password, stored ?? (await decoyHash))) && stored !== null;
    if (!valid) await limiter.recordFailure(limits.loginFailuresPerAccount, email);
    return valid;
  }

  async function startSession(userId: number, context: RequestContext, action: string): Promise<Session> {
    const token = await tokens.issue(userId, context.userAgent, sessionClock());
    await users.logAction(userId, action);
    const user = (await users.findProfile(userId, now()))!;
    return { token, user: serializeUser(user, user.premiumUntil) };
  }

  /** Checks and spends the user's latest code; wrong guesses count towards its attempt limit. */
  async function consumeLoginCode(user: UserRow, code: string): Promise<boolean> {
    const live = await secrets.latestLiveCode(user.id, now());
    if (!live || live.attempts >= LOGIN_CODE_MAX_ATTEMPTS) return false;
    if (live.codeHash !== sha256(`${user.id}:${code}`)) {
      await secrets.recordCodeAttempt(live.id);
      return false;
    }
    return secrets.consumeCode(live.id, now());
  }

  async function existingUser(email: string): Promise<UserRow> {
    const user = await users.findByEmail(email);
    if (!user) throw new ApiError(404, 'user_not_found');
    return user;
  }

  return {
    startSession,

    async signup(input: SignupData, context: RequestContext): Promise<Session> {
      await limiter.consume(limits.signupPerIp, context.ip);
      assertPasswordAllowed(input.password, input.email);
      const passwordHash = await hashPassword(input.password, passwordHashLogN);
      // The welcome mail is queued with the account: both or neither, whatever SMTP is doing.
      const created = await db.transaction(async (tx) => {
        const user = await usersRepository(tx).create({
          email: input.email,
          passwordHash,
          firstName: input.first_name,
          lastName: input.last_name,
          nativeLanguageCode: input.native_language_code ?? null,
          startingLevel: input.starting_level ?? null,
        });
        if (user) await mail.send(welcomeEmail(recipient(user), publicUrl), tx);
        return user;
      });
      if (!created) throw new FieldValidationError({ email: [errorMessages.email_taken] });
      return startSession(created.id, context, 'signup');
    },

    /**
     * Failed attempts count per account; once the limit is reached even the right password is
     * refused until the window passes, so guessing cannot go on by luck.
     */
    async login(email: string, password: string, context: RequestContext): Promise<Session> {
      const user = await users.findByEmail(email);
      const valid = await passwordMatches(email, user?.passwordHash ?? null, password, limits.loginPerIp, context);
      if (!user || !valid) throw new ApiError(400, 'invalid_credentials');
      return startSession(user.id, context, 'login');
    },

    /** Signs this device out; for a staff member viewing as the user, ends the view (logged in both logs). */
    async logout(caller: Authenticated): Promise<void> {
      await tokens.revoke(caller.tokenId);
      const staff = caller.impersonatedBy;
      if (!staff) return users.logAction(caller.user.id, 'logout');
      const details = `staff_id=${staff.id} user_id=${caller.user.id}`;
      await users.logAction(staff.id, 'impersonation_ended', details);
      await users.logAction(caller.user.id, 'impersonation_ended', details);
    },

    /** The caller's signed-in devices: their live tokens, the one in use marked `current`. */
    async listSessions(caller: Authenticated): Promise<DeviceSession[]> {
      const rows = await tokens.listLive(caller.user.id, sessionClock());
      return rows.map((row) => ({
        id: row.id,
        user_agent: row.userAgent,
        created_at: row.createdAt.toISOString(),
        last_used_at: (row.lastUsedAt ?? row.createdAt).toISOString(),
        current: row.id === caller.tokenId,
      }));
    },

    /** Signs one of the caller's devices out (this one included); another user's token is a 404. */
    async revokeSession(caller: Authenticated, tokenId: number): Promise<void> {
      if (!(await tokens.revokeOwn(caller.user.id, tokenId))) throw notFound();
      await users.logAction(caller.user.id, 'session_revoke', String(tokenId));
    },

    /** "Sign out everywhere": every token of the caller, the one in use included. */
    async revokeAllSessions(caller: Authenticated): Promise<void> {
      await db.transaction(async (tx) => {
        await tokensRepository(tx).revokeAll(caller.user.id);
        await usersRepository(tx).logAction(caller.user.id, 'logout_everywhere');
      });
    },

    /**
     * Changes the password of a signed-in user who knows the current one. Every other device is
     * signed out (whoever had the old password is locked out) and live reset links stop working;
     * the device that made the change stays signed in. Both fields' problems are reported together.
     */
    async changePassword(caller: Authenticated, change: PasswordChange, context: RequestContext): Promise<void> {
      const { user } = caller;
      const errors: FieldErrors = {};
      const currentMatches =
        user.passwordHash !== null &&
        (await passwordMatches(
          user.email,
          user.passwordHash,
          change.current_password,
          limits.passwordCheckPerIp,
          context,
        ));
      if (!currentMatches) errors.current_password = [errorMessages.wrong_password];
      const problems = passwordProblems(change.new_password, { email: user.email });
      if (problems.length > 0) errors.new_password = problems;
      if (Object.keys(errors).length > 0) throw new FieldValidationError(errors);

      const passwordHash = await hashPassword(change.new_password, passwordHashLogN);
      await db.transaction(async (tx) => {
        await usersRepository(tx).update(user.id, { passwordHash });
        await tokensRepository(tx).revokeAllExcept(user.id, caller.tokenId);
        await secretsRepository(tx).expireResets(user.id, now());
        await usersRepository(tx).logAction(user.id, 'password_change');
      });
    },

    async requestPasswordReset(email: string, context: RequestContext): Promise<void> {
      await limiter.consume(limits.resetPerIp, context.ip);
      await limiter.consume(limits.resetPerAccount, email);
      const user = await existingUser(email);
      const at = now();
      const recent = await secrets.latestLiveResetSince(user.id, new Date(at.getTime() - RESET_RESEND_INTERVAL_MS), at);
      if (recent) {
        // Says when a new link may be asked for, so the page can tell the learner (decision 021).
        const wait = recent.createdAt.getTime() + RESET_RESEND_INTERVAL_MS - at.getTime();
        throw new ApiError(409, 'reset_already_sent', undefined, secondsUntil(wait));
      }
      const token = randomSecret(32);
      // In the fragment, the token never reaches a server's access log or a Referer header.
      const link = `${publicUrl}/reset-password#token=${encodeURIComponent(token)}`;
      await db.transaction(async (tx) => {
        await secretsRepository(tx).createReset(
          user.id,
          sha256(token),
          at,
          new Date(at.getTime() + RESET_TOKEN_TTL_MS),
        );
        await mail.send(passwordResetEmail(recipient(user), link), tx);
        await usersRepository(tx).logAction(user.id, 'password_reset_request');
      });
    },

    /** Sets the new password and signs every device out: whoever had the old one is locked out. */
    async confirmPasswordReset(token: string, password: string): Promise<void> {
      const tokenHash = sha256(token);
      const reset = await secrets.findLiveReset(tokenHash, now());
      const owner = reset && (await users.findById(reset.userId));
      if (!owner) throw new ApiError(400, 'invalid_reset_token');
      assertPasswordAllowed(password, owner.email);
      const userId = await secrets.consumeReset(tokenHash, now());
      if (userId === undefined) throw new ApiError(400, 'invalid_reset_token');
      await users.update(userId, { passwordHash: await hashPassword(password, passwordHashLogN) });
      await tokens.revokeAll(userId);
      await users.logAction(userId, 'password_reset');
    },

    async requestLoginCode(email: string, context: RequestContext): Promise<void> {
      await limiter.consume(limits.codePerIp, context.ip);
      await limiter.consume(limits.codePerAccount, email);
      const user = await existingUser(email);
      const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
      const at = now();
      await db.transaction(async (tx) => {
        const expires = new Date(at.getTime() + LOGIN_CODE_TTL_MS);
        await secretsRepository(tx).createCode(user.id, sha256(`${user.id}:${code}`), at, expires);
        await mail.send(loginCodeEmail(recipient(user), code), tx);
      });
    },

    async verifyLoginCode(email: string, code: string, context: RequestContext): Promise<Session> {
      await limiter.consume(limits.codeVerifyPerIp, context.ip);
      await limiter.consume(limits.codeVerifyPerAccount, email);
      const user = await users.findByEmail(email);
      if (!user || !(await consumeLoginCode(user, code))) throw new ApiError(400, 'invalid_code');
      return startSession(user.id, context, 'code_login');
    },

    /**
     * Deletes the account after proving it is the owner: the password, or for accounts without
     * one, a fresh code from auth/code/. Tokens, records, lists, the action log and every other
     * row owned by the user go with it (ON DELETE CASCADE).
     */
    async deleteAccount(user: UserRow, proof: AccountProof, context: RequestContext): Promise<void> {
      if (user.passwordHash) {
        if (!proof.password) throw new FieldValidationError({ password: ['This field is required.'] });
        const matches = await passwordMatches(
          user.email,
          user.passwordHash,
          proof.password,
          limits.passwordCheckPerIp,
          context,
        );
        if (!matches) throw new ApiError(400, 'wrong_password');
      } else {
        if (!proof.code) throw new ApiError(400, 'code_required');
        if (!(await consumeLoginCode(user, proof.code))) throw new ApiError(400, 'invalid_code');
      }
      await db.transaction(async (tx) => {
        await handOverClassroomsOf(tx, user.id);
        await usersRepository(tx).remove(user.id);
      });
    },
  };
}
