import {
  responsesOf,
  type EndpointBody,
  type EndpointDefinition,
  type EndpointParams,
  type EndpointQuery,
  type EndpointReply,
} from '@vocagarden/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest, RouteShorthandOptions } from 'fastify';
import type { Authenticated } from '../../modules/auth/tokens.repository.ts';
import { notAuthenticated } from '../errors.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in user and the token they used, or null for an anonymous request. */
    auth: Authenticated | null;
  }
}

type Caller<E extends EndpointDefinition> = E['access'] extends 'user' ? Authenticated : Authenticated | null;

/** What a handler gets: validated input, the caller (guaranteed present on `user` endpoints) and the raw request. */
export interface RouteContext<E extends EndpointDefinition> {
  params: EndpointParams<E>;
  query: EndpointQuery<E>;
  body: EndpointBody<E>;
  caller: Caller<E>;
  request: FastifyRequest;
  reply: FastifyReply;
}

export type RouteHandler<E extends EndpointDefinition> = (context: RouteContext<E>) => Promise<EndpointReply<E>>;

/** Per-route Fastify options that an endpoint's shape does not decide (body limits, a faster serializer). */
export type RouteOptions = Pick<RouteShorthandOptions, 'bodyLimit' | 'serializerCompiler'>;

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
      return reply.status(endpoint.status).send(endpoint.status === 204 ? null : result);
    },
  });
}
