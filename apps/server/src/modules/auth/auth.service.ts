import { errorMessages, type Session, type SignupInput } from '@vocagarden/contract';
import type { Database } from '../../db/client.ts';
import { hashPassword, verifyPassword } from '../../lib/crypto.ts';
import { ApiError, FieldValidationError } from '../../lib/errors.ts';
import { serializeUser } from '../users/user.serializer.ts';
import { usersRepository } from '../users/users.repository.ts';
import { passwordProblems } from './password-policy.ts';
import { tokensRepository } from './tokens.repository.ts';

export interface AuthServiceDeps {
  db: Database;
  passwordHashLogN: number;
}

type SignupData = Omit<SignupInput, 'accept_terms'> & { first_name: string; last_name: string };

export function authService({ db, passwordHashLogN }: AuthServiceDeps) {
  const users = usersRepository(db);
  const tokens = tokensRepository(db);
  // Verifying against a real hash for unknown emails keeps response times from revealing accounts.
  const decoyHash = hashPassword('decoy-password', passwordHashLogN);

  async function startSession(userId: number, userAgent: string | undefined, action: string): Promise<Session> {
    const token = await tokens.issue(userId, userAgent);
    await users.logAction(userId, action);
    const user = await users.findById(userId);
    return { token, user: serializeUser(user!) };
  }

  return {
    async signup(input: SignupData, userAgent: string | undefined): Promise<Session> {
      const problems = passwordProblems(input.password);
      if (problems.length > 0) throw new FieldValidationError({ password: problems });
      const created = await users.create({
        email: input.email,
        passwordHash: await hashPassword(input.password, passwordHashLogN),
        firstName: input.first_name,
        lastName: input.last_name,
        nativeLanguageCode: input.native_language_code ?? null,
      });
      if (!created) throw new FieldValidationError({ email: [errorMessages.email_taken] });
      return startSession(created.id, userAgent, 'signup');
    },

    async login(email: string, password: string, userAgent: string | undefined): Promise<Session> {
      const user = await users.findByEmail(email);
      const valid = await verifyPassword(password, user?.passwordHash ?? (await decoyHash));
      if (!user || !user.passwordHash || !valid) throw new ApiError(400, 'invalid_credentials');
      return startSession(user.id, userAgent, 'login');
    },

    async logout(userId: number, tokenId: number): Promise<void> {
      await tokens.revoke(tokenId);
      await users.logAction(userId, 'logout');
    },
  };
}
