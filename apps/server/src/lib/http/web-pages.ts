import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  PRERENDERED_PAGES,
  PRERENDERED_SHELL,
  preferredUiLanguage,
  UI_LANGUAGE_COOKIE,
  uiLanguages,
  type UiLanguage,
} from '@vocagarden/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

/** An Accept-Language header's language tags, most preferred first (RFC 9110 §12.5.4); `*` and q=0 dropped. */
function acceptedLanguages(header: string): string[] {
  return header
    .split(',')
    .map((entry, index) => {
      const [tag = '', ...parameters] = entry.split(';').map((part) => part.trim());
      const q = parameters.find((parameter) => parameter.startsWith('q='));
      return { tag, weight: q ? Number(q.slice(2)) : 1, index };
    })
    .filter(({ tag, weight }) => tag !== '' && tag !== '*' && weight > 0)
    .sort((a, b) => b.weight - a.weight || a.index - b.index)
    .map(({ tag }) => tag);
}

function cookieValue(header: string, name: string): string | undefined {
  for (const pair of header.split(';')) {
    const [key, ...value] = pair.split('=');
    if (key?.trim() !== name) continue;
    try {
      return decodeURIComponent(value.join('=').trim());
    } catch {
      // A malformed value (a lone %) is no choice: the browser's languages decide.
      return undefined;
    }
  }
  return undefined;
}

/**
 * The interface language the web app will choose for a signed-out visitor (apps/web/src/lib/i18n.ts):
 * the one last used on this device, which it keeps in the UI_LANGUAGE_COOKIE cookie beside
 * localStorage, else the browser's first supported language (what it sends as Accept-Language),
 * else the fallback.
 */
export function visitorLanguage(headers: { cookie?: string; 'accept-language'?: string }): UiLanguage {
  return preferredUiLanguage([
    cookieValue(headers.cookie ?? '', UI_LANGUAGE_COOKIE),
    ...acceptedLanguages(headers['accept-language'] ?? ''),
  ]);
}

/** Answers a request for a page of the web app that the server does not know by its address. */
export type SendAppPage = (request: FastifyRequest, reply: FastifyReply) => FastifyReply;

/**
 * The build's prerendered pages (`<web dist>/prerendered/<language>/…`, decision 027), in the
 * visitor's language. `/` and `/login` answer with their page, so it paints before any script runs,
 * and the app takes it over. Every other page of the app, and those two with a query
 * (`/login?next=…`, which may change what the page shows), is answered by the returned function with
 * the app's loading screen (PRERENDERED_SHELL, decision 033), over which the app draws the page.
 * Registered after @fastify/static (its `sendFile`); without prerendered pages in the build, the
 * app's plain index.html answers them all.
 */
export function registerWebPages(app: FastifyInstance, webDistDir: string): SendAppPage {
  const folder = join(webDistDir, 'prerendered');
  if (!existsSync(folder)) return (_request, reply) => reply.header('cache-control', 'no-cache').sendFile('index.html');
  const inEveryLanguage = (file: string) =>
    new Map(uiLanguages.map((language) => [language, readFileSync(join(folder, language, file))]));
  const sendInLanguage = (pages: Map<UiLanguage, Buffer>, request: FastifyRequest, reply: FastifyReply) =>
    reply
      .header('cache-control', 'no-cache')
      .header('vary', 'Cookie, Accept-Language')
      .type('text/html; charset=utf-8')
      .send(pages.get(visitorLanguage(request.headers)));
  const shell = inEveryLanguage(PRERENDERED_SHELL);
  const sendAppPage: SendAppPage = (request, reply) => sendInLanguage(shell, request, reply);
  for (const [path, file] of Object.entries(PRERENDERED_PAGES)) {
    const pages = inEveryLanguage(file);
    app.get(path, (request, reply) =>
      request.url === path ? sendInLanguage(pages, request, reply) : sendAppPage(request, reply),
    );
  }
  return sendAppPage;
}
