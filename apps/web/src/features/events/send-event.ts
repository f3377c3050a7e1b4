import { eventEndpoint, type ProductEvent } from '@vocagarden/contract';
import { call } from '../../lib/api-client.ts';

/** Fire and forget: analytics must never block or break the page. */
export function sendEvent(event: ProductEvent, payload: Record<string, unknown> = {}) {
  void call(eventEndpoint, { params: { event }, body: payload }).catch(() => undefined);
}
