import {
  impersonationRefused,
  responsesOf,
  type EndpointBody,
  type EndpointDefinition,
  type EndpointParams,
  type EndpointQuery,
  type EndpointReply,
} from '@vocagarden/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest, RouteShorthandOptions } from 'fastify';
import type { Authenticated } from '../../modules/auth/tokens.repository.ts';
import { forbidden, notAuthenticated } from '../errors.ts';
import { responseJsonSchema } from './response-serializer.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in user and the token they used, or null for an anonymous request. */
    auth: Authenticated | null;
  }
}

type Caller<E extends EndpointDefinition> = E['access'] extends 'user' | 'staff' ? Authenticated : Authenticated | null;

/** What a handler gets: validated input, the caller (guaranteed present on `user` and `staff` endpoints) and the raw request. */
export interface RouteContext<E extends EndpointDefinition> {
  params: EndpointParams<E>;
  query: EndpointQuery<E>;
  body: EndpointBody<E>;
  caller: Caller<E>;
  request: FastifyRequest;
  reply: FastifyReply;
}

export type RouteHandler<E extends EndpointDefinition> = (context: RouteContext<E>) => Promise<EndpointReply<E>>;

/** Per-route Fastify options that an endpoint's shape does not decide (body limits). */
export type RouteOptions = Pick<RouteShorthandOptions, 'bodyLimit'>;

/**
 * Staff endpoints and the endpoints an impersonation token may not reach (decision 015) are
 * refused before the input is even validated: a caller without the right learns nothing about the
 * shape of the request. 401 without a token; 403 `permission_denied` for a signed-in learner, and
 * for an impersonation token whoever it names (a token that views the app as someone never
 * carries staff rights nor changes their account).
 */
function checkPrivileges(endpoint: EndpointDefinition, auth: Authenticated | null) {
  if (endpoint.access === 'staff') {
    if (!auth) throw notAuthenticated();
    if (auth.impersonatedBy || !auth.user.isStaff) throw forbidden();
  }
  if (auth?.impersonatedBy && impersonationRefused.has(endpoint)) throw forbidden();
}

/** What a text or file answer goes out as, unless the handler chose a more precise header itself. */
const mediaTypes = {
  'text/plain': 'text/plain; charset=utf-8',
  'text/csv': 'text/csv; charset=utf-8',
  'application/pdf': 'application/pdf',
  'image/gif': 'image/gif',
} as const;

/** Whether a JSON Schema holds an array anywhere (a list, or an object with one). */
function holdsArray(schema: unknown): boolean {
  if (Array.isArray(schema)) return schema.some(holdsArray);
  if (typeof schema !== 'object' || schema === null) return false;
  const { type } = schema as { type?: unknown };
  if (type === 'array' || (Array.isArray(type) && type.includes('array'))) return true;
  return Object.values(schema).some(holdsArray);
}

/**
 * Whether an endpoint's answer can reach the compression threshold (app.ts). One holding a list can;
 * one of single values (a profile, a record, a message) stays under it, and for it @fastify/compress
 * would only look at the answer's headers and let it go: a tenth of such a request's time (issue 16).
 */
function mayAnswerLarge(endpoint: EndpointDefinition): boolean {
  return endpoint.contentType !== undefined || holdsArray(responseJsonSchema(endpoint.response));
}

/**
 * Registers a contract endpoint: method, path, validation, OpenAPI (with its error answers) and
 * the success status all come from the endpoint, and access is checked here, before the handler.
 */
export function route<E extends EndpointDefinition>(
  app: FastifyInstance,
  endpoint: E,
  handler: RouteHandler<E>,
  options: RouteOptions = {},
) {
  app.route({
    ...options,
    ...(mayAnswerLarge(endpoint) ? {} : { compress: false }),
    method: endpoint.method,
    url: endpoint.path,
    schema: {
      tags: [endpoint.tag],
      summary: endpoint.summary,
      ...(endpoint.hidden ? { hide: true } : {}),
      ...(endpoint.access === 'public' ? {} : { security: [{ token: [] }] }),
      ...(endpoint.params ? { params: endpoint.params } : {}),
      ...(endpoint.query ? { querystring: endpoint.query } : {}),
      ...(endpoint.body ? { body: endpoint.body } : {}),
      response: responsesOf(endpoint),
    },
    // Only where there is something to refuse: a hook costs every request that runs it.
    ...(endpoint.access === 'staff' || impersonationRefused.has(endpoint)
      ? { preValidation: async (request: FastifyRequest) => checkPrivileges(endpoint, request.auth) }
      : {}),
    handler: async (request, reply) => {
      if (endpoint.access === 'user' && !request.auth) throw notAuthenticated();
      const result = await handler({
        params: request.params as EndpointParams<E>,
        query: request.query as EndpointQuery<E>,
        body: request.body as EndpointBody<E>,
        caller: (endpoint.access === 'public' ? null : request.auth) as Caller<E>,
        request,
        reply,
      });
      if (endpoint.status === 302) return reply.redirect(result as string);
      // A string or Buffer with its own media type goes out as it is, past the JSON serializer.
      if (endpoint.contentType && !reply.hasHeader('content-type')) {
        reply.header('content-type', mediaTypes[endpoint.contentType]);
      }
      return reply.status(endpoint.status).send(endpoint.status === 204 ? null : result);
    },
  });
}
