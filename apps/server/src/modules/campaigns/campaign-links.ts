import { API_BASE, emailEndpoints } from '@vocagarden/contract';
import { z } from 'zod';
import type { LinkSigner } from '../../lib/signed-links.ts';

/**
 * The tracked parts of a campaign message (decision 018): each names its recipient row, and a
 * click link also the address it leads to, under the servers' signature; a changed link is refused
 * and cannot send anyone elsewhere (no open redirect).
 */
const OPEN = 'open';
const CLICK = 'click';

const openSchema = z.object({ r: z.number().int().positive() });
const clickSchema = z.object({ r: z.number().int().positive(), u: z.url({ protocol: /^https?$/ }) });

export function campaignLinks(links: LinkSigner, publicUrl: string) {
  const api = `${publicUrl}${API_BASE}`;
  return {
    pixelUrl(recipientId: number): string {
      return `${api}${emailEndpoints.open.path.replace(':token', links.sign(OPEN, { r: recipientId }))}`;
    },
    clickUrl(recipientId: number, url: string): string {
      return `${api}${emailEndpoints.click.path}?token=${encodeURIComponent(links.sign(CLICK, { r: recipientId, u: url }))}`;
    },
  };
}

export function readOpenToken(links: LinkSigner, token: string): number | null {
  return openSchema.safeParse(links.verify(OPEN, token)).data?.r ?? null;
}

export function readClickToken(links: LinkSigner, token: string): { recipientId: number; url: string } | null {
  const payload = clickSchema.safeParse(links.verify(CLICK, token)).data;
  return payload ? { recipientId: payload.r, url: payload.u } : null;
}
