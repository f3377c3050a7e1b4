import { DrizzleQueryError } from 'drizzle-orm/errors';
import { describe, expect, it } from 'vitest';
import { serializeError } from './log-serializers.ts';

describe('error serializer', () => {
  it('keeps a failed statement and its SQLSTATE but not its parameters or row values', () => {
    const cause = Object.assign(new Error('duplicate key value violates unique constraint "users_email_lower_key"'), {
      code: '23505',
      constraint: 'users_email_lower_key',
      detail: 'Key (lower(email))=(ayla@example.com) already exists.',
    });
    const error = new DrizzleQueryError(
      'insert into "users" ("email", "password_hash") values ($1, $2)',
      ['ayla@example.com', 'scrypt$17$8$1$salt$key'],
      cause,
    );
    const logged = JSON.stringify(serializeError(error));
    expect(logged).toContain('insert into \\"users\\"');
    expect(logged).toContain('23505');
    expect(logged).not.toContain('ayla@example.com');
    expect(logged).not.toContain('scrypt$');
  });

  it('withholds the value PostgreSQL quotes in a data exception', () => {
    const error = Object.assign(new Error('invalid input syntax for type integer: "secret-pin"'), { code: '22P02' });
    expect(JSON.stringify(serializeError(error))).not.toContain('secret-pin');
  });
});
