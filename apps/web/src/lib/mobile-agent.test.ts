import { describe, expect, it } from 'vitest';
import { isMobileAgent } from './mobile-agent.ts';

const agents = {
  iPhone:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1',
  androidTablet:
    'Mozilla/5.0 (Linux; Android 14; SM-X710) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Safari/537.36',
  mac: 'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Safari/605.1.15',
  windows:
    'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Safari/537.36',
};

describe('isMobileAgent', () => {
  it('knows phones and tablets by their User-Agent', () => {
    expect(isMobileAgent({ userAgent: agents.iPhone })).toBe(true);
    expect(isMobileAgent({ userAgent: agents.androidTablet })).toBe(true);
  });

  it('believes the client hints of a phone whose User-Agent says desktop', () => {
    expect(isMobileAgent({ userAgent: agents.windows, userAgentData: { mobile: true } })).toBe(true);
  });

  it('tells an iPad (which calls itself a Mac) from a Mac by its touch screen', () => {
    expect(isMobileAgent({ userAgent: agents.mac, maxTouchPoints: 5 })).toBe(true);
    expect(isMobileAgent({ userAgent: agents.mac, maxTouchPoints: 0 })).toBe(false);
  });

  it('leaves desktop browsers to the custom scrollbar', () => {
    expect(isMobileAgent({ userAgent: agents.windows, userAgentData: { mobile: false } })).toBe(false);
  });
});
