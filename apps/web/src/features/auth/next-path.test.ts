import { describe, expect, it } from 'vitest';
import { pathAfterSignIn, safeNextPath, signInPath, withNext } from './next-path.ts';

describe('safeNextPath', () => {
  it('keeps a path of this app with its query, without its fragment', () => {
    expect(safeNextPath('/play/12')).toBe('/play/12');
    expect(safeNextPath('/category/3?level=B1&page=2')).toBe('/category/3?level=B1&page=2');
    expect(safeNextPath('/bulletin/7#words')).toBe('/bulletin/7');
    expect(safeNextPath('/classroom/1234%205678')).toBe('/classroom/1234%205678');
  });

  it('resolves dot segments without leaving the app', () => {
    expect(safeNextPath('/play/../profile')).toBe('/profile');
    expect(safeNextPath('/../../etc/passwd')).toBe('/etc/passwd');
  });

  it.each([
    ['another site', 'https://evil.example/'],
    ['a protocol-relative address', '//evil.example/path'],
    ['a backslash that browsers read as a slash', '/\\evil.example'],
    ['a backslash further on', '/play\\..\\\\evil.example'],
    ['a tab that URL parsers drop', '/\t/evil.example'],
    ['a newline', '/\n/evil.example'],
    ['a script', 'javascript:alert(1)'],
    ['a relative path', 'play/12'],
    ['an empty value', ''],
    ['no value', null],
  ])('refuses %s', (_name, raw) => {
    expect(safeNextPath(raw)).toBeNull();
  });

  it('refuses the sign-in pages themselves, which would only loop', () => {
    expect(safeNextPath('/login?next=/play/1')).toBeNull();
    expect(safeNextPath('/signup')).toBeNull();
    expect(safeNextPath('/welcome?next=/home')).toBeNull();
  });
});

describe('sign-in links', () => {
  it('carry the page asked for, encoded, and nothing for home', () => {
    expect(signInPath('/play/12?mode=review')).toBe('/login?next=%2Fplay%2F12%3Fmode%3Dreview');
    expect(signInPath('/home')).toBe('/login');
    expect(signInPath('//evil.example')).toBe('/login');
    expect(withNext('/signup', '/category/3')).toBe('/signup?next=%2Fcategory%2F3');
    expect(withNext('/signup', null)).toBe('/signup');
  });

  it('send a learner without a starting level to /welcome first, keeping the page asked for', () => {
    const newcomer = { starting_level: null, impersonated_by: null };
    const settled = { starting_level: 'B1' as const, impersonated_by: null };
    expect(pathAfterSignIn(newcomer, '/play/12')).toBe('/welcome?next=%2Fplay%2F12');
    expect(pathAfterSignIn(newcomer, null)).toBe('/welcome');
    expect(pathAfterSignIn(settled, '/play/12')).toBe('/play/12');
    expect(pathAfterSignIn(settled, null)).toBe('/home');
    // Staff viewing the app as a learner do not answer for them.
    expect(pathAfterSignIn({ starting_level: null, impersonated_by: 'staff@example.com' }, null)).toBe('/home');
  });
});
