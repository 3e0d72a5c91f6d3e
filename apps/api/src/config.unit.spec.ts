import { describe, expect, it } from 'vitest';
import { ConfigError, devMailboxWarning, parseConfig } from './config.js';

describe('environment configuration', () => {
  it('names every bad variable with what is wrong', () => {
    let error: unknown;
    try {
      parseConfig({ PORT: 'eighty', DATABASE_URL: 'mysql://x', LOG_LEVEL: 'loud', DATA_DIR: '/tmp/x' });
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(ConfigError);
    const message = (error as Error).message;
    expect(message).toContain('PORT');
    expect(message).toContain('DATABASE_URL: must be a postgres:// connection URL');
    expect(message).toContain('LOG_LEVEL');
  });

  it('requires a signing secret in production', () => {
    expect(() => parseConfig({ NODE_ENV: 'production', DATA_DIR: '/tmp/x' })).toThrow(/JWT_SECRET/);
  });

  it('requires the privacy master key in production, never a generated one (ADR 0091)', () => {
    const production = { NODE_ENV: 'production', DATA_DIR: '/tmp/x', JWT_SECRET: 'x'.repeat(32) };
    expect(() => parseConfig(production)).toThrow(/PRIVACY_MASTER_KEY: required in production/);
    expect(() => parseConfig({ ...production, PRIVACY_MASTER_KEY: 'short' })).toThrow(/PRIVACY_MASTER_KEY: must be at least 32 characters/);
    expect(parseConfig({ ...production, PRIVACY_MASTER_KEY: 'k'.repeat(32) }).privacy).toMatchObject({ masterKey: 'k'.repeat(32), networkRetentionDays: 183 });
  });

  it('defaults to the embedded mode on port 3000 with demo users outside production', () => {
    const c = parseConfig({ DATA_DIR: '/tmp/portal-config-test', JWT_SECRET: 'x'.repeat(32) });
    expect(c.port).toBe(3000);
    expect(c.databaseUrl).toBeNull();
    expect(c.seedDemo).toBe(true);
  });

  it('has one product name and the footer links from configuration, our own pages by default (issue 13)', () => {
    const defaults = parseConfig({ DATA_DIR: '/tmp/portal-config-test', JWT_SECRET: 'x'.repeat(32) });
    expect(defaults.productName).toBe('Portal Agro');
    expect(defaults.mailFrom).toBe('Portal Agro <no-reply@agro-portal.local>');
    expect(defaults.legalLinks).toEqual({ about: '/br/sobre', terms: '/br/termos-de-uso', privacy: '/br/privacidade', company: '/br/empresa' });
    const set = parseConfig({ DATA_DIR: '/tmp/portal-config-test', JWT_SECRET: 'x'.repeat(32), PRODUCT_NAME: 'Campo Escola', LEGAL_TERMS_URL: 'https://legal.example.com/terms' });
    expect(set.productName).toBe('Campo Escola');
    expect(set.mailFrom).toBe('Campo Escola <no-reply@agro-portal.local>');
    expect(set.legalLinks.terms).toBe('https://legal.example.com/terms');
    expect(() => parseConfig({ DATA_DIR: '/tmp/x', JWT_SECRET: 'x'.repeat(32), LEGAL_ABOUT_URL: 'javascript:alert(1)' })).toThrow(/LEGAL_ABOUT_URL/);
  });
  it('turns the messaging webhook on only with an app secret, which needs a verify token (ADR 0073)', () => {
    const base = { DATA_DIR: '/tmp/portal-config-test', JWT_SECRET: 'x'.repeat(32) };
    expect(parseConfig(base).messaging).toEqual({ appSecret: null, verifyToken: null });
    const on = parseConfig({ ...base, MESSAGING_APP_SECRET: 's'.repeat(32), MESSAGING_VERIFY_TOKEN: 'verify-me-please' });
    expect(on.messaging).toEqual({ appSecret: 's'.repeat(32), verifyToken: 'verify-me-please' });
    expect(() => parseConfig({ ...base, MESSAGING_APP_SECRET: 's'.repeat(32) })).toThrow(/MESSAGING_VERIFY_TOKEN/);
    expect(() => parseConfig({ ...base, MESSAGING_APP_SECRET: 'short', MESSAGING_VERIFY_TOKEN: 'verify-me-please' })).toThrow(/MESSAGING_APP_SECRET/);
  });
  it('reads the xAPI export settings: base IRI from PUBLIC_URL by default, an LRS with Basic or header credentials, never both (ADR 0074)', () => {
    const base = { DATA_DIR: '/tmp/portal-config-test', JWT_SECRET: 'x'.repeat(32) };
    expect(parseConfig({ ...base, PUBLIC_URL: 'https://portal.example.com/' }).xapi).toEqual({ baseIri: 'https://portal.example.com', lrs: null });
    const basic = parseConfig({ ...base, XAPI_BASE_IRI: 'https://learning.example.com', XAPI_LRS_ENDPOINT: 'https://lrs.example.com/xapi/', XAPI_LRS_USERNAME: 'key', XAPI_LRS_PASSWORD: 'secret' });
    expect(basic.xapi).toEqual({ baseIri: 'https://learning.example.com', lrs: { endpoint: 'https://lrs.example.com/xapi/', auth: { kind: 'basic', username: 'key', password: 'secret' } } });
    expect(parseConfig({ ...base, XAPI_LRS_ENDPOINT: 'https://lrs.example.com/xapi/', XAPI_LRS_AUTH: 'Bearer t' }).xapi.lrs?.auth).toEqual({ kind: 'header', value: 'Bearer t' });
    expect(() => parseConfig({ ...base, XAPI_LRS_USERNAME: 'key' })).toThrow(/XAPI_LRS_USERNAME, XAPI_LRS_PASSWORD: set both or neither/);
    expect(() => parseConfig({ ...base, XAPI_LRS_AUTH: 'Bearer t', XAPI_LRS_USERNAME: 'k', XAPI_LRS_PASSWORD: 'p' })).toThrow(/not both/);
    expect(() => parseConfig({ ...base, XAPI_LRS_ENDPOINT: 'ftp://lrs' })).toThrow(/XAPI_LRS_ENDPOINT/);
  });
  it('turns the dev mailbox on only for a loopback PUBLIC_URL or DEV_MAILBOX=true, never in production (issue 26, ADR 0080)', () => {
    const base = { DATA_DIR: '/tmp/portal-config-test', JWT_SECRET: 'x'.repeat(32) };
    const on = (env: Record<string, string>) => parseConfig({ ...base, ...env }).devMailbox;
    // npm start and the tests: PUBLIC_URL defaults to http://localhost:<PORT>
    expect(on({})).toBe(true);
    for (const url of ['http://127.0.0.1:3000', 'http://127.1:8080', 'http://[::1]:3000', 'http://portal.localhost']) expect(on({ PUBLIC_URL: url })).toBe(true);
    // a staging portal reachable from outside, whatever NODE_ENV says
    for (const url of ['https://staging.example.com', 'http://10.0.0.5:3000', 'http://127.0.0.1.nip.io', 'http://[::2]/']) {
      expect(on({ PUBLIC_URL: url })).toBe(false);
      expect(on({ PUBLIC_URL: url, NODE_ENV: 'test' })).toBe(false);
    }
    expect(on({ PUBLIC_URL: 'https://staging.example.com', DEV_MAILBOX: 'true' })).toBe(true);
    expect(on({ DEV_MAILBOX: 'false' })).toBe(false);
    // production needs the privacy master key (ADR 0091)
    const production = { NODE_ENV: 'production', PRIVACY_MASTER_KEY: 'k'.repeat(32) };
    expect(on(production)).toBe(false);
    expect(() => parseConfig({ ...base, ...production, DEV_MAILBOX: 'true' })).toThrow(/DEV_MAILBOX: not allowed in production/);
    expect(devMailboxWarning({ publicUrl: 'http://localhost:3000/' })).toMatch(/^WARNING: the dev mailbox is on: http:\/\/localhost:3000\/api\/dev\/mailbox shows every mail/);
  });
});
