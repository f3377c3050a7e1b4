import { describe, expect, it } from 'vitest';
import { loadConfig } from './config.ts';

describe('loadConfig', () => {
  it('defaults to port 3000 and the repository data folder', () => {
    const config = loadConfig({});
    expect(config.PORT).toBe(3000);
    expect(config.DATA_DIR).toMatch(/\/data\/?$/);
    expect(config.PUBLIC_URL).toBe('http://localhost:3000');
    expect(config.DATABASE_URL).toBeUndefined();
  });

  it('resolves a relative DATA_DIR from where npm was run', () => {
    expect(loadConfig({ DATA_DIR: 'store', INIT_CWD: '/srv/app' }).DATA_DIR).toBe('/srv/app/store');
  });

  it('treats empty variables as unset', () => {
    const config = loadConfig({ DATABASE_URL: '', PORT: '' });
    expect(config.DATABASE_URL).toBeUndefined();
    expect(config.PORT).toBe(3000);
  });

  it('lists every invalid setting', () => {
    expect(() => loadConfig({ PORT: 'eighty', DATABASE_URL: 'mysql://x' })).toThrow(/PORT[\s\S]*DATABASE_URL/);
  });

  describe('ANALYTICS_TIME_ZONE', () => {
    it('counts analytics days in Istanbul by default and takes any IANA zone', () => {
      expect(loadConfig({}).ANALYTICS_TIME_ZONE).toBe('Europe/Istanbul');
      expect(loadConfig({ ANALYTICS_TIME_ZONE: 'UTC' }).ANALYTICS_TIME_ZONE).toBe('UTC');
      expect(loadConfig({ ANALYTICS_TIME_ZONE: 'America/New_York' }).ANALYTICS_TIME_ZONE).toBe('America/New_York');
    });

    it('refuses a zone that does not exist', () => {
      expect(() => loadConfig({ ANALYTICS_TIME_ZONE: 'Mars/Olympus' })).toThrow(/ANALYTICS_TIME_ZONE/);
      expect(() => loadConfig({ ANALYTICS_TIME_ZONE: "UTC'; --" })).toThrow(/ANALYTICS_TIME_ZONE/);
    });
  });

  describe('ANALYTICS_DATABASE_URL', () => {
    const primary = 'postgres://app@db-primary:5432/vocagarden';
    const replica = 'postgres://app@db-replica:5432/vocagarden';

    it('is a PostgreSQL read replica beside DATABASE_URL, and nothing by default', () => {
      expect(loadConfig({}).ANALYTICS_DATABASE_URL).toBeUndefined();
      expect(loadConfig({ DATABASE_URL: primary, ANALYTICS_DATABASE_URL: replica }).ANALYTICS_DATABASE_URL).toBe(
        replica,
      );
      expect(loadConfig({ DATABASE_URL: primary, ANALYTICS_DATABASE_URL: '' }).ANALYTICS_DATABASE_URL).toBeUndefined();
    });

    it('refuses a URL that is not postgres://', () => {
      expect(() => loadConfig({ DATABASE_URL: primary, ANALYTICS_DATABASE_URL: 'mysql://db-replica/x' })).toThrow(
        /must be a postgres:\/\/ URL[\s\S]*at ANALYTICS_DATABASE_URL/,
      );
    });

    it('refuses it on the embedded database, saying what to set', () => {
      expect(() => loadConfig({ ANALYTICS_DATABASE_URL: replica })).toThrow(
        /ANALYTICS_DATABASE_URL needs DATABASE_URL[\s\S]*embedded database[\s\S]*Set DATABASE_URL to the primary/,
      );
    });
  });

  describe('TRUST_PROXY', () => {
    it('trusts no proxy by default', () => {
      expect(loadConfig({}).TRUST_PROXY).toBe(false);
      expect(loadConfig({ TRUST_PROXY: 'false' }).TRUST_PROXY).toBe(false);
      expect(loadConfig({ TRUST_PROXY: '0' }).TRUST_PROXY).toBe(false);
    });

    it('refuses true, which would let any client choose its IP, and says what to set instead', () => {
      for (const value of ['true', 'TRUE', 'yes', 'on']) {
        expect(() => loadConfig({ TRUST_PROXY: value })).toThrow(
          /TRUST_PROXY=true would believe every X-Forwarded-For hop[\s\S]*number of proxies[\s\S]*addresses/,
        );
      }
    });

    it('takes a hop count: the nearest proxies are believed, the hop beyond names the client', () => {
      const trust = loadConfig({ TRUST_PROXY: '1' }).TRUST_PROXY;
      if (typeof trust !== 'function') throw new Error('a hop count becomes a trust function');
      // Fastify walks from the socket peer (hop 0) towards the client, while the trust function says yes.
      expect([0, 1, 2].map((hop) => trust('10.0.0.5', hop))).toEqual([true, false, false]);
      const two = loadConfig({ TRUST_PROXY: '2' }).TRUST_PROXY as (address: string, hop: number) => boolean;
      expect([0, 1, 2].map((hop) => two('10.0.0.5', hop))).toEqual([true, true, false]);
      expect(() => loadConfig({ TRUST_PROXY: '11' })).toThrow(/hop count from 1 to 10[\s\S]*at TRUST_PROXY/);
    });

    it('takes proxy addresses and CIDRs separated by commas, and names the ones it cannot read', () => {
      expect(loadConfig({ TRUST_PROXY: '10.0.0.5, 192.168.0.0/16,fd00::/8,::1,loopback' }).TRUST_PROXY).toEqual([
        '10.0.0.5',
        '192.168.0.0/16',
        'fd00::/8',
        '::1',
        'loopback',
      ]);
      expect(() => loadConfig({ TRUST_PROXY: '10.0.0.5,nginx,10.0.0.0/33' })).toThrow(
        /not: nginx, 10\.0\.0\.0\/33\)[\s\S]*at TRUST_PROXY/,
      );
    });
  });

  describe('PAYMENT_PROVIDER', () => {
    it('is the sandbox when not set outside production, with the iyzico sandbox as the default API', () => {
      const config = loadConfig({});
      expect(config.PAYMENT_PROVIDER).toBe('sandbox');
      expect(config.IYZIPAY_URI).toBe('https://sandbox-api.iyzipay.com');
    });

    it('refuses to start in production without a provider named, and says what to set', () => {
      expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow(
        /PAYMENT_PROVIDER must be set when NODE_ENV=production: iyzico to take real payments, or sandbox explicitly/,
      );
    });

    it('runs the sandbox in production when chosen explicitly', () => {
      expect(loadConfig({ NODE_ENV: 'production', PAYMENT_PROVIDER: 'sandbox' }).PAYMENT_PROVIDER).toBe('sandbox');
    });

    it('needs both iyzico keys for iyzico, and PUBLIC_URL in production, naming what is missing (never a value)', () => {
      expect(() => loadConfig({ PAYMENT_PROVIDER: 'iyzico', IYZIPAY_API_KEY: 'sandbox-key' })).toThrow(
        /IYZIPAY_SECRET_KEY is required when PAYMENT_PROVIDER=iyzico/,
      );
      let message = '';
      try {
        loadConfig({
          NODE_ENV: 'production',
          PAYMENT_PROVIDER: 'iyzico',
          IYZIPAY_API_KEY: 'sandbox-key',
          IYZIPAY_SECRET_KEY: 'sandbox-secret-value',
        });
      } catch (error) {
        message = (error as Error).message;
      }
      expect(message).toMatch(/PUBLIC_URL is required when PAYMENT_PROVIDER=iyzico in production/);
      expect(message).not.toContain('sandbox-secret-value');
      const config = loadConfig({
        NODE_ENV: 'production',
        PAYMENT_PROVIDER: 'iyzico',
        IYZIPAY_API_KEY: 'live-key',
        IYZIPAY_SECRET_KEY: 'live-secret',
        IYZIPAY_URI: 'https://api.iyzipay.com',
        PUBLIC_URL: 'https://vocagarden.example',
      });
      expect(config.PAYMENT_PROVIDER).toBe('iyzico');
    });

    it('refuses an unknown provider', () => {
      expect(() => loadConfig({ PAYMENT_PROVIDER: 'stripe' })).toThrow(/PAYMENT_PROVIDER/);
    });
  });
});
