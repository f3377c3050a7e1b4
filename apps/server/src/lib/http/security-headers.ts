import type { IncomingMessage, ServerResponse } from 'node:http';
import helmet, { type HelmetOptions } from 'helmet';

/**
 * helmet's response headers for these options, worked out once at start-up: none of ours depends
 * on the request, and building them per request (as @fastify/helmet does) parses every CSP
 * directive again on each answer.
 */
export function securityHeaders(options: HelmetOptions): Record<string, string> {
  const headers: Record<string, string> = {};
  const response = {
    setHeader(name: string, value: number | string | readonly string[]) {
      headers[name.toLowerCase()] = String(value);
    },
    removeHeader(name: string) {
      delete headers[name.toLowerCase()];
    },
  };
  helmet(options)({} as IncomingMessage, response as unknown as ServerResponse, (error?: unknown) => {
    if (error) throw error;
  });
  return headers;
}

/** What an answer that is not a page keeps of the pages' headers; its policy is its own. */
const RESOURCE_KEEPS = [
  'strict-transport-security',
  'x-content-type-options',
  'referrer-policy',
  'cross-origin-resource-policy',
] as const;

/**
 * The headers of an answer that is never a document the app runs in: an API answer (OWASP's REST
 * Security Cheat Sheet: JSON, CSV or a PDF) or one of the build's files (scripts, styles, fonts). Of
 * the pages' thirteen headers it needs only a policy that loads and frames nothing, no sniffing, no
 * referrer, same-origin reads and HSTS. Each header costs every request its share of setting,
 * checking and sending (issue 16): the framing, opener and CSP headers, about 0.7 kB, only mean
 * something on a page, and a signed-in page's first screen loads about fifteen build files.
 */
export function resourceSecurityHeaders(pageHeaders: Record<string, string>): Record<string, string> {
  const headers: Record<string, string> = {
    'content-security-policy': "default-src 'none'; frame-ancestors 'none'",
  };
  for (const name of RESOURCE_KEEPS) {
    const value = pageHeaders[name];
    if (value !== undefined) headers[name] = value;
  }
  return headers;
}
