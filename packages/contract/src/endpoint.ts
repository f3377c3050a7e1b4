import { z } from 'zod';
import { errorBodySchema, fieldErrorsSchema } from './errors.ts';

export type HttpMethod = 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';

/**
 * Who may call an endpoint. `public`: anyone, the token is ignored; `optional`: anyone, and the
 * answer depends on who is signed in; `user`: a signed-in user (401 otherwise); `staff`: a
 * signed-in staff member (401 when signed out, 403 `permission_denied` for anyone else, and for
 * an impersonation token even when it names a staff member).
 */
export type Access = 'public' | 'optional' | 'user' | 'staff';

/** The error answers an endpoint can give besides the ones every endpoint of its kind gives. */
export type ErrorStatus = 403 | 404 | 409 | 413 | 415 | 429 | 503;

export type SuccessStatus = 200 | 201 | 202 | 204 | 302;

export interface EndpointDefinition {
  method: HttpMethod;
  /** Under API_BASE, DRF style with a trailing slash; `:name` marks a path parameter. */
  path: string;
  access: Access;
  summary: string;
  tag: string;
  params?: z.ZodObject;
  query?: z.ZodObject;
  body?: z.ZodType;
  /** The success status; 302 answers redirect to the URL the handler returns. */
  status: SuccessStatus;
  response: z.ZodType;
  /**
   * The success answer's media type when it is not JSON: a file (`application/pdf`: the handler
   * returns its bytes, which skip the JSON serializer; the web fetches it with `download()`, not
   * `call()`) or plain text (`text/plain`: the handler returns a string, sent as is).
   */
  contentType?: 'application/pdf' | 'text/plain' | 'image/gif';
  errors?: readonly ErrorStatus[];
  /** Development aids left out of the OpenAPI document. */
  hidden?: boolean;
}

/** A success answer documented under its own media type (OpenAPI `content`), e.g. a PDF. */
export interface FileResponse {
  description: string;
  content: Record<string, { schema: z.ZodType }>;
}

/** 400 is either one message (`{detail, code}`) or DRF field errors (`{"field": ["…"]}`). */
export const badRequestSchema = z.union([errorBodySchema, fieldErrorsSchema]);

/**
 * Every answer an endpoint can give, by status: its success, 400 when it takes input, 401 for a
 * missing or invalid token (any request may carry a malformed `Token` header), and the endpoint's
 * own errors (403, 404, 409, 429 …).
 */
export function responsesOf(endpoint: EndpointDefinition): Record<number, z.ZodType | FileResponse> {
  const responses: Record<number, z.ZodType | FileResponse> = {};
  if (endpoint.status !== 302) {
    responses[endpoint.status] = endpoint.contentType
      ? {
          description: endpoint.response.description ?? endpoint.summary,
          content: { [endpoint.contentType]: { schema: endpoint.response } },
        }
      : endpoint.response;
  }
  if (endpoint.params || endpoint.query || endpoint.body) responses[400] = badRequestSchema;
  responses[401] = errorBodySchema;
  for (const status of endpoint.errors ?? []) responses[status] = errorBodySchema;
  return responses;
}

/** Declares an endpoint; `const` keeps each schema's own type for the server and the web client. */
export function endpoint<const E extends EndpointDefinition>(definition: E): E {
  return definition;
}

type Output<S> = S extends z.ZodType ? z.output<S> : undefined;
type Input<S> = S extends z.ZodType ? z.input<S> : undefined;

/** What a handler receives, after validation and coercion. */
export type EndpointParams<E extends EndpointDefinition> = Output<E['params']>;
export type EndpointQuery<E extends EndpointDefinition> = Output<E['query']>;
export type EndpointBody<E extends EndpointDefinition> = Output<E['body']>;
/** What a handler returns: the success body, or the redirect URL of a 302. */
export type EndpointReply<E extends EndpointDefinition> = E['status'] extends 302 ? string : z.input<E['response']>;
/** What a client receives on success. */
export type EndpointResult<E extends EndpointDefinition> = z.output<E['response']>;

/** A part the endpoint declares is required unless it may be left out whole (all fields optional). */
type Part<K extends string, S> = S extends z.ZodType
  ? // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- "accepts an empty object"
    {} extends Input<S>
    ? { [P in K]?: Input<S> }
    : undefined extends Input<S>
      ? { [P in K]?: Input<S> }
      : { [P in K]: Input<S> }
  : { [P in K]?: never };

/** What a client sends: only the parts the endpoint declares, typed before coercion. */
export type EndpointInput<E extends EndpointDefinition> = Part<'params', E['params']> &
  Part<'query', E['query']> &
  Part<'body', E['body']>;

/** The endpoint's URL under API_BASE with its path parameters filled in and its query appended. */
export function endpointUrl(
  definition: Pick<EndpointDefinition, 'path'>,
  input: { params?: Record<string, unknown>; query?: Record<string, unknown> } = {},
): string {
  const path = definition.path.replace(/:(\w+)/g, (_match, name: string) => {
    const value = input.params?.[name];
    if (value === undefined || value === null) throw new Error(`Missing path parameter ${name} for ${definition.path}`);
    return encodeURIComponent(String(value));
  });
  const query = new URLSearchParams();
  for (const [name, value] of Object.entries(input.query ?? {})) {
    if (value !== undefined && value !== null) query.set(name, String(value));
  }
  const search = query.toString();
  return search ? `${path}?${search}` : path;
}
