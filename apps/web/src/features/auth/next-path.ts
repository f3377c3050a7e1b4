import type { User } from '@vocagarden/contract';
import { useSearchParams } from 'react-router';

/** A made-up origin to resolve paths against: what resolves elsewhere is not a path of this app. */
const BASE = 'https://vocagarden.invalid';

/** Pages a learner is never sent back to after signing in: they would only loop. */
const SIGN_IN_PAGES = new Set(['/login', '/signup', '/welcome']);

/**
 * The page to return to after signing in, from an untrusted `?next=` (decision 021): a path of
 * this app (one leading "/", not "//" nor "/\", which browsers read as another host), resolved and
 * given back as its path and query; anything else is null. Control characters are refused rather
 * than stripped as URL parsers do, so "/\t/evil.example" cannot become "//evil.example".
 */
export function safeNextPath(raw: string | null | undefined): string | null {
  if (!raw || !raw.startsWith('/') || raw.startsWith('//')) return null;
  // eslint-disable-next-line no-control-regex -- control characters are exactly what is refused
  if (/[\\\u0000-\u001f\u007f]/.test(raw)) return null;
  let url: URL;
  try {
    url = new URL(raw, BASE);
  } catch {
    return null;
  }
  if (url.origin !== BASE || SIGN_IN_PAGES.has(url.pathname)) return null;
  return url.pathname + url.search;
}

/** The checked `?next=` of the current page. */
export function useNextPath(): string | null {
  const [params] = useSearchParams();
  return safeNextPath(params.get('next'));
}

/** `path` with `?next=` when there is somewhere other than home to return to. */
export function withNext(path: string, next: string | null): string {
  return next && next !== '/home' ? `${path}?next=${encodeURIComponent(next)}` : path;
}

/** The sign-in page for a signed-out visitor who asked for `from` (its path and query). */
export function signInPath(from: string): string {
  return withNext('/login', safeNextPath(from));
}

/**
 * Where a learner goes once signed in: the page that sent them to sign in, or home; first the
 * one-time /welcome while they have not said their level (staff viewing as a learner are not
 * asked on the learner's behalf).
 */
export function pathAfterSignIn(user: Pick<User, 'starting_level' | 'impersonated_by'>, next: string | null): string {
  if (needsWelcome(user)) return withNext('/welcome', next);
  return next ?? '/home';
}

/** True while the learner has not said their starting level (asked once, on /welcome). */
export function needsWelcome(user: Pick<User, 'starting_level' | 'impersonated_by'>): boolean {
  return user.starting_level === null && user.impersonated_by === null;
}
