import { randomInt } from 'node:crypto';
import {
  errorMessages,
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
import { ApiError, conflict, FieldValidationError } from '../../lib/errors.ts';
import { limits } from '../../lib/rate-limit.ts';
import type { Services } from '../../services.ts';
import { handOverClassroomsOf } from '../classrooms/classrooms.service.ts';
import { serializeUser } from '../users/user.serializer.ts';
import { usersRepository, type UserRow } from '../users/users.repository.ts';
import { passwordProblems } from './password-policy.ts';
import { secretsRepository } from './secrets.repository.ts';
import { tokensRepository } from './tokens.repository.ts';

type SignupData = Omit<z.output<typeof signupSchema>, 'accept_terms'>;

/** What proves the owner when deleting an account: the password, or an emailed code without one. */
export interface AccountProof {
  password?: string | undefined;
  code?: string | undefined;
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

/** Sign-up, sign-in (password or emailed code), sign-out, password recovery and account deletion. */
export function authService({ db, email: mail, limiter, now, publicUrl, passwordHashLogN }: Services) {
  const users = usersRepository(db);
  const tokens = tokensRepository(db);
  const secrets = secretsRepository(db);
  // Verifying against a real hash for unknown emails keeps response times from revealing accounts.
  const decoyHash = hashPassword('decoy-password', passwordHashLogN);

  function assertPasswordAllowed(password: string) {
    const problems = passwordProblems(password);
    if (problems.length > 0) throw new FieldValidationError({ password: problems });
  }

  async function startSession(userId: number, context: RequestContext, action: string): Promise<Session> {
    const token = await tokens.issue(userId, context.userAgent);
    await users.logAction(userId, action);
    const user = await users.findById(userId);
    return { token, user: serializeUser(user!) };
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
      assertPasswordAllowed(input.password);
      const passwordHash = await hashPassword(input.password, passwordHashLogN);
      // The welcome mail is queued with the account: both or neither, whatever SMTP is doing.
      const created = await db.transaction(async (tx) => {
        const user = await usersRepository(tx).create({
          email: input.email,
          passwordHash,
          firstName: input.first_name,
          lastName: input.last_name,
          nativeLanguageCode: input.native_language_code ?? null,
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
      await limiter.consume(limits.loginPerIp, context.ip);
      await limiter.check(limits.loginFailuresPerAccount, email);
      const user = await users.findByEmail(email);
      const valid = await verifyPassword(password, user?.passwordHash ?? (await decoyHash));
      if (!user || !user.passwordHash || !valid) {
        await limiter.recordFailure(limits.loginFailuresPerAccount, email);
        throw new ApiError(400, 'invalid_credentials');
      }
      return startSession(user.id, context, 'login');
    },

    async logout(userId: number, tokenId: number): Promise<void> {
      await tokens.revoke(tokenId);
      await users.logAction(userId, 'logout');
    },

    async requestPasswordReset(email: string, context: RequestContext): Promise<void> {
      await limiter.consume(limits.resetPerIp, context.ip);
      await limiter.consume(limits.resetPerAccount, email);
      const user = await existingUser(email);
      const at = now();
      const recent = await secrets.latestLiveResetSince(user.id, new Date(at.getTime() - RESET_RESEND_INTERVAL_MS), at);
      if (recent) throw conflict('reset_already_sent');
      const token = randomSecret(32);
      const link = `${publicUrl}/reset-password?token=${encodeURIComponent(token)}`;
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
      if (!(await secrets.findLiveReset(tokenHash, now()))) throw new ApiError(400, 'invalid_reset_token');
      assertPasswordAllowed(password);
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
    async deleteAccount(user: UserRow, proof: AccountProof): Promise<void> {
      if (user.passwordHash) {
        if (!proof.password) throw new FieldValidationError({ password: ['This field is required.'] });
        if (!(await verifyPassword(proof.password, user.passwordHash))) throw new ApiError(400, 'wrong_password');
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
