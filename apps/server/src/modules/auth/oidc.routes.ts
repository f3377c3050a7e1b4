import { authEndpoints } from '@vocagarden/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { OidcProviderConfig } from '../../config.ts';
import { route } from '../../lib/http/route.ts';
import type { Services } from '../../services.ts';
import { requestContext } from './auth.routes.ts';
import { oidcService } from './oidc.service.ts';

export const oidcRoutes: FastifyPluginAsyncZod<Services & { providers: OidcProviderConfig[] }> = async (
  app,
  { providers, ...services },
) => {
  const oidc = oidcService(services, providers);
  const { publicUrl } = services;

  route(app, authEndpoints.providers, async () => oidc.list());

  route(app, authEndpoints.oidcStart, ({ params }) => oidc.start(params.provider));

  // Any failure ends on the app's login page with an error, never on a JSON error page.
  route(app, authEndpoints.oidcCallback, async ({ params, request }) => {
    try {
      const token = await oidc.callback(params.provider, new URL(request.url, publicUrl), requestContext(request));
      // The fragment keeps the token out of server logs and Referer headers.
      return `${publicUrl}/login#token=${encodeURIComponent(token)}`;
    } catch (error) {
      request.log.warn({ err: error, provider: params.provider }, 'OpenID Connect sign-in failed');
      return `${publicUrl}/login?error=oidc_failed`;
    }
  });
};
