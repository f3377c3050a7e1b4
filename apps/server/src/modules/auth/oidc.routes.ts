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

  route(app, authEndpoints.oidcStart, ({ params, query }) => oidc.start(params.provider, query.binding));

  route(app, authEndpoints.oidcExchange, ({ body, request }) =>
    oidc.exchange(body.code, body.binding, requestContext(request)),
  );

  // Any failure ends on the app's login page with an error, never on a JSON error page.
  route(app, authEndpoints.oidcCallback, async ({ params, request }) => {
    try {
      const code = await oidc.callback(params.provider, new URL(request.url, publicUrl));
      // The fragment keeps even this short-lived code out of server logs and Referer headers.
      return `${publicUrl}/login#oidc=${encodeURIComponent(code)}`;
    } catch (error) {
      request.log.warn({ err: error, provider: params.provider }, 'OpenID Connect sign-in failed');
      return `${publicUrl}/login?error=oidc_failed`;
    }
  });
};
