import { z } from 'zod';

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

/** Every error answer but a 400's field errors: one message and its code (errors.ts lists them). */
export const errorBodySchema = z
  .object({
    detail: z.string(),
    code: z.string(),
    /**
     * On a 429, and on a refusal that only time lifts (a second password reset within the resend
     * interval): whole seconds until the call is taken again, as in the Retry-After header.
     */
    retry_after: z.number().int().optional(),
  })
  .meta({ id: 'Error', description: 'One error, DRF style' });
export type ErrorBody = z.infer<typeof errorBodySchema>;

/**
 * The 400 answer for invalid input: DRF's `{"field": ["message", …]}`, plus `field_codes`, the
 * same fields with one stable code per message (decision 021). Clients that know only DRF's shape
 * read the messages and may ignore `field_codes`.
 */
export const fieldErrorsSchema = z
  .object({ field_codes: z.record(z.string(), z.array(z.string())).optional() })
  .catchall(z.array(z.string()))
  .meta({ id: 'FieldErrors', description: 'Validation errors by field, and a code for each (field_codes)' });

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
   * `call()`) or text (`text/plain`, `text/csv`: the handler returns a string, sent as is).
   */
  contentType?: 'application/pdf' | 'text/plain' | 'text/csv' | 'image/gif';
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
