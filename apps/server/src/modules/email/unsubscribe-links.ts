import {
  API_BASE,
  emailEndpoints,
  emailPreferenceKindSchema,
  UNSUBSCRIBE_PAGE_PATH,
  type EmailPreferenceKind,
} from '@vocagarden/contract';
import { z } from 'zod';
import type { LinkSigner } from '../../lib/signed-links.ts';

/** Signed links are checked against their purpose: an unsubscribe link is nothing else. */
const PURPOSE = 'unsubscribe';

/** Who is unsubscribed from what; a campaign's link also names its recipient row. */
export interface UnsubscribeTarget {
  userId: number;
  kind: EmailPreferenceKind;
  recipientId?: number;
}

const payloadSchema = z.object({
  u: z.number().int().positive(),
  k: emailPreferenceKindSchema,
  r: z.number().int().positive().optional(),
});

export function unsubscribeToken(links: LinkSigner, target: UnsubscribeTarget): string {
  return links.sign(PURPOSE, {
    u: target.userId,
    k: target.kind,
    ...(target.recipientId === undefined ? {} : { r: target.recipientId }),
  });
}

export function readUnsubscribeToken(links: LinkSigner, token: string): UnsubscribeTarget | null {
  const payload = payloadSchema.safeParse(links.verify(PURPOSE, token));
  if (!payload.success) return null;
  const { u, k, r } = payload.data;
  return { userId: u, kind: k, ...(r === undefined ? {} : { recipientId: r }) };
}

/** What every optional email carries so that leaving takes one click (RFC 8058, decision 018). */
export interface UnsubscribeLink {
  /** List-Unsubscribe (https, POSTed by mail clients) and List-Unsubscribe-Post. */
  headers: Record<string, string>;
  /** The footer's link: the web page that asks before unsubscribing. */
  pageUrl: string;
}

export function unsubscribeLink(links: LinkSigner, publicUrl: string, target: UnsubscribeTarget): UnsubscribeLink {
  const token = encodeURIComponent(unsubscribeToken(links, target));
  return {
    headers: {
      'List-Unsubscribe': `<${publicUrl}${API_BASE}${emailEndpoints.unsubscribe.path}?token=${token}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    },
    pageUrl: `${publicUrl}${UNSUBSCRIBE_PAGE_PATH}?token=${token}`,
  };
}
