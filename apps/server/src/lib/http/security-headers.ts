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

/** What an API answer keeps of the pages' headers; its policy is its own. */
const API_KEEPS = [
  'strict-transport-security',
  'x-content-type-options',
  'referrer-policy',
  'cross-origin-resource-policy',
] as const;

/**
 * The headers of an API answer (OWASP's REST Security Cheat Sheet): JSON, CSV or a PDF is never a
 * document the browser runs scripts in, so of the pages' thirteen headers it needs only a policy
 * that loads and frames nothing, no sniffing, no referrer, same-origin reads and HSTS. Every API
 * answer carries them, and each header costs every request its share of setting, checking and
 * sending (issue 16).
 */
export function apiSecurityHeaders(pageHeaders: Record<string, string>): Record<string, string> {
  const headers: Record<string, string> = {
    'content-security-policy': "default-src 'none'; frame-ancestors 'none'",
  };
  for (const name of API_KEEPS) {
    const value = pageHeaders[name];
    if (value !== undefined) headers[name] = value;
  }
  return headers;
}
