import { premiumEndpoints } from '@vocagarden/contract';
import type { FastifyPluginAsync } from 'fastify';
import { route } from '../../lib/http/route.ts';
import type { PaymentProvider } from '../../lib/payments/provider.ts';
import type { Services } from '../../services.ts';
import { premiumService } from './premium.service.ts';

/** A browser's form post carries a few short fields; anything bigger is not iyzico's callback. */
const FORM_BODY_LIMIT = 4096;

export const premiumRoutes: FastifyPluginAsync<Services & { payments: PaymentProvider }> = async (app, services) => {
  const premium = premiumService(services);
  await premium.ensurePlans();

  route(app, premiumEndpoints.subscriptions, ({ caller }) => premium.subscriptions(caller.user.id));

  route(app, premiumEndpoints.plans, () => premium.catalogue());

  route(app, premiumEndpoints.checkout, ({ body, caller, request }) =>
    premium.checkout(caller.user, body, request.ip, request.log),
  );

  route(app, premiumEndpoints.order, ({ params, caller }) => premium.order(caller.user.id, params.id));

  route(app, premiumEndpoints.sandboxOutcome, ({ params, body, caller }) =>
    premium.sandboxOutcome(caller.user.id, params.orderId, body.outcome),
  );

  // iyzico's form posts the browser back form-encoded; only this route reads such bodies.
  await app.register(async (callback) => {
    callback.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'string', bodyLimit: FORM_BODY_LIMIT },
      (_request, body, done) => done(null, Object.fromEntries(new URLSearchParams(body as string))),
    );
    route(callback, premiumEndpoints.iyzicoCallback, ({ body, request }) =>
      premium.iyzicoCallback(body.token, request.log),
    );
  });

  route(app, premiumEndpoints.iyzicoWebhook, ({ body, request }) => {
    const signature = request.headers['x-iyz-signature-v3'];
    return premium.iyzicoNotification(typeof signature === 'string' ? signature : undefined, body, request.log);
  });
};
