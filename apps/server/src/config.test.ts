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
});
