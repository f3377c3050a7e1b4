import { passwordMessages } from '@vocagarden/contract';
import { describe, expect, it } from 'vitest';
import { passwordProblems } from './password-policy.ts';

const { tooShort, entirelyNumeric, tooCommon } = passwordMessages;

describe('passwordProblems', () => {
  it.each([
    'green-garden-42',
    'fresh-meadow-19',
    'second-spring-88',
    'Kuzey rüzgârı esiyor',
    'abcdeX',
    'qwe-rty-7Lm',
    'vocabulary-owl-3',
    'gardenias',
    'my vocagarden password is long',
  ])('accepts %s', (password) => {
    expect(passwordProblems(password, { email: 'ayse.kaya@example.com' })).toEqual([]);
  });

  it('keeps the spec minimum of 6 characters', () => {
    expect(passwordProblems('Xy7#q')).toContain(tooShort);
    expect(passwordProblems('Xy7#qP')).toEqual([]);
  });

  it('reports every failing rule at once', () => {
    expect(passwordProblems('1234')).toEqual([tooShort, entirelyNumeric, tooCommon]);
    expect(passwordProblems('83920174')).toEqual([entirelyNumeric]);
  });

  it.each(['aaaaaa', 'AAAAAAAA', 'zzzzzzzzzzzzzzzz', '777777', '......', 'ğğğğğğ'])(
    'refuses one character repeated: %s',
    (password) => {
      expect(passwordProblems(password)).toContain(tooCommon);
    },
  );

  it.each(['abcdef', 'ABCDEFGH', 'fedcba', 'lmnopq', 'uvwxyz', '234567', '987654', '4567890', 'abc123', '111aaa'])(
    'refuses simple sequences: %s',
    (password) => {
      expect(passwordProblems(password)).toContain(tooCommon);
    },
  );

  it.each([
    'qwerty',
    'QWERTYUIOP',
    'poiuytrewq',
    'asdfgh',
    'zxcvbnm',
    'qwertz',
    'azerty',
    'ytrewq',
    'qwerty123',
    'asdfghjklşi',
    'fgğıod',
    '1qaz2wsx',
    '!@#$%^',
  ])('refuses keyboard runs: %s', (password) => {
    expect(passwordProblems(password)).toContain(tooCommon);
  });

  it.each(['vocagarden', 'VocaGarden', 'VOCAGARDEN', 'voca garden', 'Voca-Garden', 'vocagarden2024', '1VocaGarden!'])(
    "refuses the site's name: %s",
    (password) => {
      expect(passwordProblems(password)).toEqual([tooCommon]);
    },
  );

  it("refuses the email's local part, in any case and with digits around it", () => {
    const email = 'ayse.kaya@example.com';
    for (const password of ['ayse.kaya', 'AyseKaya', 'ayse kaya', 'aysekaya1990', 'Ayse.Kaya!']) {
      expect(passwordProblems(password, { email }), password).toEqual([tooCommon]);
    }
    expect(passwordProblems('ayse.kaya')).toEqual([]);
    expect(passwordProblems('mertcan84', { email: 'mertcan84@example.com' })).toEqual([tooCommon]);
  });

  it('still refuses the common-password list', () => {
    expect(passwordProblems('password')).toEqual([tooCommon]);
    expect(passwordProblems('sunshine')).toEqual([tooCommon]);
  });
});
