import { apiPaths, authProvidersSchema } from '@vocagarden/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { OidcProviderConfig } from '../../config.ts';
import type { Services } from '../../services.ts';
import { requestContext } from '../auth/auth.routes.ts';
import { oidcService } from './oidc.service.ts';

export const oidcRoutes: FastifyPluginAsyncZod<Services & { providers: OidcProviderConfig[] }> = async (
  app,
  { providers, ...services },
) => {
  const oidc = oidcService(services, providers);
  const tags = ['auth'];
  const params = z.object({ provider: z.string().max(50) });

  app.get(apiPaths.providers, { schema: { tags, response: { 200: authProvidersSchema } } }, async () => oidc.list());

  app.get(apiPaths.oidcStart, { schema: { tags, params } }, async (request, reply) =>
    reply.redirect(await oidc.start(request.params.provider)),
  );

  app.get(apiPaths.oidcCallback, { schema: { tags, params } }, async (request, reply) => {
    const callbackUrl = new URL(request.url, services.publicUrl);
    try {
      const token = await oidc.callback(request.params.provider, callbackUrl, requestContext(request));
      // The fragment keeps the token out of server logs and Referer headers.
      return reply.redirect(`${services.publicUrl}/login#token=${encodeURIComponent(token)}`);
    } catch (error) {
      request.log.warn({ err: error, provider: request.params.provider }, 'OpenID Connect sign-in failed');
      return reply.redirect(`${services.publicUrl}/login?error=oidc_failed`);
    }
  });
};
