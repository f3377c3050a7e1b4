import { PASSWORD_MIN_LENGTH, passwordMessages } from '@vocagarden/contract';
import { dictionary } from '@zxcvbn-ts/language-common';

const commonPasswords = new Set(dictionary['passwords-common'] as string[]);

/** What else the policy knows about the account: its email, whose local part is no password. */
export interface PasswordContext {
  email?: string | undefined;
}

/** Names a guesser tries first on this site. */
const SITE_NAMES = ['vocagarden'];

/**
 * Runs a guesser walks: the alphabet, the digits, and the keyboard rows of the layouts our
 * learners type on (QWERTY, QWERTZ, AZERTY, Turkish Q and F, Azerbaijani, Spanish), read
 * forwards or backwards.
 */
const SEQUENCES = [
  'abcdefghijklmnopqrstuvwxyz',
  '01234567890',
  'qwertyuiop',
  'asdfghjkl',
  'zxcvbnm',
  'qwertzuiopü',
  'asdfghjklöä',
  'yxcvbnm',
  'azertyuiop',
  'qsdfghjklm',
  'wxcvbn',
  'qwertyuıopğü',
  'asdfghjklşi',
  'zxcvbnmöç',
  'fgğıodrnhpqw',
  'uieaütkmlyşx',
  'jövcçzsb',
  'qüertyuiopöğ',
  'asdfghjklıə',
  'zxcvbnmçş',
  'asdfghjklñ',
  '1qaz2wsx3edc4rfv5tgb6yhn7ujm8ik9ol0p',
  '147258369',
  '789456123',
  '!@#$%^&*()_+',
];
const MIN_RUN = 3;

/** Lower case, and only letters and digits: "Voca Garden!" and "vocagarden" are the same word. */
function squeeze(text: string): string {
  return text
    .normalize('NFKC')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, '');
}

const trimDigits = (text: string) => text.replace(/^\p{N}+|\p{N}+$/gu, '');

/** A run is one character repeated, or a stretch of a sequence in either direction. */
function isRun(text: string): boolean {
  const characters = [...text];
  if (characters.every((character) => character === characters[0])) return true;
  const reversed = characters.reverse().join('');
  return SEQUENCES.some((sequence) => sequence.includes(text) || sequence.includes(reversed));
}

/**
 * True when the password is nothing but runs of at least three characters: "aaaaaa", "abcdef",
 * "654321", "qwerty", "poiuyt", "abc123", "qwerty123", "111aaa".
 */
function isMadeOfRuns(password: string): boolean {
  const characters = [...password.normalize('NFKC').toLowerCase()];
  const length = characters.length;
  // coveredFrom[i]: the characters from i to the end split into runs (the empty rest counts).
  const coveredFrom = Array<boolean>(length + 1).fill(false);
  coveredFrom[length] = true;
  for (let start = length - MIN_RUN; start >= 0; start -= 1) {
    for (let end = start + MIN_RUN; end <= length && !coveredFrom[start]; end += 1) {
      if (coveredFrom[end] && isRun(characters.slice(start, end).join(''))) coveredFrom[start] = true;
    }
  }
  return length >= MIN_RUN && coveredFrom[0]!;
}

/** The same squeezed word, or the word with digits around it ("vocagarden2024", "ayse.kaya1"). */
function isVariantOf(password: string, word: string): boolean {
  const squeezedWord = squeeze(word);
  if (!squeezedWord) return false;
  const squeezedPassword = squeeze(password);
  if (squeezedPassword === squeezedWord) return true;
  const core = trimDigits(squeezedWord);
  return core.length >= 4 && trimDigits(squeezedPassword) === core;
}

function isTooCommon(password: string, context: PasswordContext): boolean {
  if (commonPasswords.has(password.trim().toLowerCase())) return true;
  if (isMadeOfRuns(password)) return true;
  const localPart = context.email?.split('@')[0];
  return [...SITE_NAMES, ...(localPart ? [localPart] : [])].some((word) => isVariantOf(password, word));
}

/**
 * Django's validators, as the spec names them, plus the guesses they miss (repeated characters,
 * sequences and keyboard runs, the site's name, the email's local part), all reported as "too
 * common". Every failing rule is reported, not just the first.
 */
export function passwordProblems(password: string, context: PasswordContext = {}): string[] {
  const problems: string[] = [];
  if (password.length < PASSWORD_MIN_LENGTH) problems.push(passwordMessages.tooShort);
  if (/^\d+$/.test(password)) problems.push(passwordMessages.entirelyNumeric);
  if (isTooCommon(password, context)) problems.push(passwordMessages.tooCommon);
  return problems;
}
