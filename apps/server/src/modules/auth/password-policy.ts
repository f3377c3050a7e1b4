import { PASSWORD_MIN_LENGTH, passwordMessages } from '@vocagarden/contract';
import { dictionary } from '@zxcvbn-ts/language-common';

const commonPasswords = new Set(dictionary['passwords-common'] as string[]);

/** Django's validators, as the spec names them: every failing rule is reported, not just the first. */
export function passwordProblems(password: string): string[] {
  const problems: string[] = [];
  if (password.length < PASSWORD_MIN_LENGTH) problems.push(passwordMessages.tooShort);
  if (/^\d+$/.test(password)) problems.push(passwordMessages.entirelyNumeric);
  if (commonPasswords.has(password.trim().toLowerCase())) problems.push(passwordMessages.tooCommon);
  return problems;
}
