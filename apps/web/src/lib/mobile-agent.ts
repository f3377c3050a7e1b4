/** What the browser says of itself: the User-Agent string and, in Chromium, its client hints. */
export interface AgentInfo {
  userAgent: string;
  userAgentData?: { mobile: boolean };
  maxTouchPoints?: number;
}

/**
 * Phones and tablets (spec §9: mobile user agents keep native scrolling). iPadOS Safari calls itself a
 * Mac; only its touch screen gives it away.
 */
export function isMobileAgent({ userAgent, userAgentData, maxTouchPoints = 0 }: AgentInfo): boolean {
  if (userAgentData?.mobile) return true;
  if (/Mobi|Android|iPhone|iPad|iPod|Opera Mini|IEMobile|Silk/i.test(userAgent)) return true;
  return /Macintosh/.test(userAgent) && maxTouchPoints > 1;
}
