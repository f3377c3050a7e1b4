import type { productEventNames } from '@vocagarden/contract';
import { api } from '../../lib/api-client.ts';

/** Fire and forget: analytics must never block or break the page. */
export function sendEvent(event: (typeof productEventNames)[number], payload: Record<string, unknown> = {}) {
  void api.post(`/event-call/${event}/`, payload).catch(() => undefined);
}
