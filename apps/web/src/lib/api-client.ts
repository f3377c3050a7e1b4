import {
  API_BASE,
  endpointUrl,
  type EndpointDefinition,
  type EndpointInput,
  type EndpointResult,
  type FieldErrors,
} from '@vocagarden/contract';
import type { z } from 'zod';
import { tokenStorage } from './token-storage.ts';

/**
 * A failed API call's body as the server may send it: DRF's `{detail, code}`, or `{"field": ["…"]}`
 * with `field_codes` — where a field may itself be named `code` (a sign-in code), so no key's type
 * is assumed; the getters below check.
 */
type ErrorResponse = Record<string, unknown>;

/** The body if it is a JSON object (checked by hand: Zod does not come with the first page, decision 027). */
function errorResponse(data: unknown): ErrorResponse {
  return data !== null && typeof data === 'object' && !Array.isArray(data) ? (data as ErrorResponse) : {};
}

/** A failed API call, carrying the server's DRF-style body for translation. */
export class ApiRequestError extends Error {
  constructor(
    readonly status: number,
    readonly body: ErrorResponse,
    /** From Retry-After (or the body's `retry_after`): seconds until the server takes the call again. */
    readonly retryAfterSeconds?: number,
  ) {
    super(typeof body.detail === 'string' ? body.detail : `Request failed with ${status}`);
  }

  get code(): string | undefined {
    return typeof this.body.code === 'string' ? this.body.code : undefined;
  }

  /**
   * Field errors (`{"email": ["…"]}`): every list in the body. `detail` and `code` of a single
   * error are text, never lists; a form's own field named `code` (a sign-in code) is a list.
   */
  get fieldErrors(): FieldErrors {
    const fields: FieldErrors = {};
    for (const [name, value] of Object.entries(this.body)) {
      if (Array.isArray(value)) fields[name] = value.map(String);
    }
    return fields;
  }

  /** The stable code of each field error (`field_codes`, decision 021), by field and in the same order. */
  get fieldCodes(): Record<string, (string | undefined)[]> {
    const codes: Record<string, (string | undefined)[]> = {};
    const sent = this.body.field_codes;
    if (sent === null || typeof sent !== 'object') return codes;
    for (const [name, value] of Object.entries(sent)) {
      if (Array.isArray(value)) codes[name] = value.map((code) => (typeof code === 'string' ? code : undefined));
    }
    return codes;
  }
}

/**
 * Whether a call that failed `failures` times so far is worth asking again: a client error will not
 * improve with a retry; a network blip or a server error might, twice. The query cache's rule, and the
 * profile request's (features/auth), which is made outside it.
 */
export function worthRetrying(failures: number, error: unknown): boolean {
  return !(error instanceof ApiRequestError && error.status < 500) && failures < 2;
}

/** A successful answer whose body does not match the endpoint's contract: a bug on one side, never shown as data. */
export class UnexpectedResponseError extends Error {
  constructor(
    readonly endpoint: Pick<EndpointDefinition, 'method' | 'path'>,
    readonly issues: z.core.$ZodIssue[],
  ) {
    super(`${endpoint.method} ${endpoint.path} answered a body that does not match the contract`);
  }
}

/**
 * Retry-After in seconds; the header may also be an HTTP date. Without the header (a proxy may
 * drop it), the body's `retry_after`.
 */
function retryAfterSeconds(response: Response, body: ErrorResponse): number | undefined {
  const header = response.headers.get('retry-after')?.trim();
  if (!header) return typeof body.retry_after === 'number' ? body.retry_after : undefined;
  if (/^\d+$/.test(header)) return Number(header);
  const at = Date.parse(header);
  return Number.isNaN(at) ? undefined : Math.max(0, Math.ceil((at - Date.now()) / 1000));
}

type Listener = () => void;
const unauthorizedListeners = new Set<Listener>();

/** Called when the server says the stored token is no longer valid: the app logs out. */
export function onUnauthorized(listener: Listener): () => void {
  unauthorizedListeners.add(listener);
  return () => unauthorizedListeners.delete(listener);
}

/** The error a failed answer throws; a 401 on a call made with a token logs out first. */
function failure(response: Response, data: unknown, token: string | null): ApiRequestError {
  if (response.status === 401 && token) unauthorizedListeners.forEach((listener) => listener());
  const body = errorResponse(data);
  return new ApiRequestError(response.status, body, retryAfterSeconds(response, body));
}

/** The input may be left out when the endpoint takes no params, query or body. */
export type CallInput<E extends EndpointDefinition> =
  object extends EndpointInput<E> ? [input?: EndpointInput<E>] : [input: EndpointInput<E>];

/** The parts of any endpoint's input, for building the request. */
interface RequestParts {
  params?: Record<string, unknown>;
  query?: Record<string, unknown>;
  body?: unknown;
}

/**
 * Calls one contract endpoint: fills in its path and query, adds the stored token, sends the body
 * as JSON, and validates the answer against the endpoint's response schema (204 → `null`).
 * Failures throw ApiRequestError; a 401 on a call made with a token logs out.
 */
export async function call<E extends EndpointDefinition>(
  endpoint: E,
  ...[input]: CallInput<E>
): Promise<EndpointResult<E>> {
  return callWithToken(tokenStorage.get(), endpoint, input);
}

/**
 * call() with the token taken when the call was asked for, for callers that must first wait for
 * the endpoint's definition (lib/lazy-endpoints.ts): a sign-out meanwhile does not turn the call
 * into a signed-out one.
 */
export async function callWithToken<E extends EndpointDefinition>(
  token: string | null,
  endpoint: E,
  input: EndpointInput<E> | undefined,
): Promise<EndpointResult<E>> {
  return readAnswer(await send(token, endpoint, input), endpoint, token);
}

/** Sends a call: its method and path are all it needs of the endpoint, not its schemas. */
export function send(
  token: string | null,
  endpoint: Pick<EndpointDefinition, 'method' | 'path'>,
  input: RequestParts | undefined,
): Promise<Response> {
  const { params, query, body } = input ?? {};
  const headers: Record<string, string> = {};
  if (token) headers.authorization = `Token ${token}`;
  if (body !== undefined) headers['content-type'] = 'application/json';
  return fetch(API_BASE + endpointUrl(endpoint, { params, query }), {
    method: endpoint.method,
    headers,
    body: body === undefined ? undefined : JSON.stringify(body),
  });
}

/**
 * A sent call's answer, validated against the endpoint's response schema (204 → `null`). Failures
 * throw ApiRequestError; a 401 on a call made with a token logs out.
 */
export async function readAnswer<E extends EndpointDefinition>(
  response: Response,
  endpoint: E,
  token: string | null,
): Promise<EndpointResult<E>> {
  const data: unknown = response.status === 204 ? null : await response.json().catch(() => undefined);
  if (!response.ok) throw failure(response, data, token);
  const result = (endpoint.response as E['response']).safeParse(data) as z.ZodSafeParseResult<EndpointResult<E>>;
  if (!result.success) throw new UnexpectedResponseError(endpoint, result.error.issues);
  return result.data;
}

/** An endpoint whose success answer is a file (its `contentType`), not JSON. */
type FileEndpoint = EndpointDefinition & { contentType: NonNullable<EndpointDefinition['contentType']> };

/** The name in `Content-Disposition: attachment; filename="…"` (or its RFC 5987 `filename*=UTF-8''…`). */
function attachmentName(response: Response): string | undefined {
  const header = response.headers.get('content-disposition') ?? '';
  const encoded = /filename\*=UTF-8''([^;]+)/i.exec(header)?.[1];
  if (encoded) {
    try {
      return decodeURIComponent(encoded.trim());
    } catch {
      // A malformed encoding: fall back to the plain name.
    }
  }
  return /filename="([^"]+)"/i.exec(header)?.[1] ?? /filename=([^;\s]+)/i.exec(header)?.[1];
}

/**
 * Fetches a file endpoint (e.g. a PDF) the way call() fetches JSON: same URL, token and failures
 * (ApiRequestError with the server's `{detail, code}`; a 401 on a call made with a token logs
 * out). Resolves to a File: the bytes, their media type and the name the server suggested.
 */
export async function download<E extends FileEndpoint>(endpoint: E, ...[input]: CallInput<E>): Promise<File> {
  const { params, query }: RequestParts = input ?? {};
  const token = tokenStorage.get();
  const headers: Record<string, string> = {};
  if (token) headers.authorization = `Token ${token}`;
  const response = await fetch(API_BASE + endpointUrl(endpoint, { params, query }), {
    method: endpoint.method,
    headers,
  });
  if (!response.ok) throw failure(response, await response.json().catch(() => undefined), token);
  const blob = await response.blob();
  const type = response.headers.get('content-type')?.split(';')[0]?.trim() || endpoint.contentType;
  return new File([blob], attachmentName(response) ?? 'download', { type });
}
