// Creates a staff account, or promotes an existing one and sets its password:
//   npm run create-staff -- --email admin@example.com --password '…'
// There is deliberately no default admin: every staff account is made on purpose with this command.
import { parseArgs } from 'node:util';
import { emailSchema } from '@vocagarden/contract';
import { loadConfig } from '../config.ts';
import { openDatabase } from '../db/client.ts';
import { exitIfDataDirInUse } from '../db/data-dir-lock.ts';
import { hashPassword } from '../lib/crypto.ts';
import { passwordProblems } from '../modules/auth/password-policy.ts';
import { usersRepository } from '../modules/users/users.repository.ts';

const { values } = parseArgs({ options: { email: { type: 'string' }, password: { type: 'string' } } });
const email = emailSchema.safeParse(values.email);
if (!email.success || !values.password) {
  console.error('Usage: npm run create-staff -- --email <email> --password <password>');
  process.exit(2);
}
const problems = passwordProblems(values.password);
if (problems.length > 0) {
  console.error(problems.join('\n'));
  process.exit(2);
}

const config = loadConfig();
const database = await openDatabase({ databaseUrl: config.DATABASE_URL, dataDir: config.DATA_DIR }).catch(
  exitIfDataDirInUse,
);
try {
  await database.migrate();
  const users = usersRepository(database.db);
  const passwordHash = await hashPassword(values.password, config.PASSWORD_HASH_LOG_N);
  const existing = await users.findByEmail(email.data);
  if (existing) {
    await users.update(existing.id, { isStaff: true, passwordHash });
    console.log(`${email.data} is now staff (password updated).`);
  } else {
    await users.create({ email: email.data, passwordHash, isStaff: true });
    console.log(`Staff account ${email.data} created.`);
  }
} finally {
  await database.close();
}
