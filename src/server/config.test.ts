import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.js';
import { createTestApp, TestClient } from './test-support/test-app.js';

const trustProxyOf = (value: string | undefined) =>
  loadConfig({ DATA_DIR: mkdtempSync(path.join(tmpdir(), 'portal-config-')), SESSION_SECRET: 'x'.repeat(32), TRUST_PROXY: value }).trustProxy;

describe('TRUST_PROXY', () => {
  it.each([[undefined], [''], ['false'], ['0']])('trusts no proxy for %o', (value) => {
    expect(trustProxyOf(value)).toBe(false);
  });

  it('trusts the nearest hops for a count', () => {
    const trust = trustProxyOf('2');
    expect(typeof trust).toBe('function');
    if (typeof trust !== 'function') return;
    expect([0, 1, 2].map((hop) => trust('203.0.113.7', hop))).toEqual([true, true, false]);
  });

  it('takes addresses and CIDR ranges, comma-separated', () => {
    expect(trustProxyOf('10.0.0.0/8, 127.0.0.1,::1,fd00::/8')).toEqual(['10.0.0.0/8', '127.0.0.1', '::1', 'fd00::/8']);
  });

  it('refuses true at start, saying what to set instead', () => {
    expect(() => trustProxyOf('true')).toThrow(ConfigError);
    expect(() => trustProxyOf('true')).toThrow(/TRUST_PROXY: true would trust every hop.*number of proxies.*CIDR/);
  });

  it.each(['0.0.0.0/0', '::/0', '10.0.0.1, 0.0.0.0/0'])('refuses %o, which is every address, as it refuses true', (value) => {
    expect(() => trustProxyOf(value)).toThrow(/TRUST_PROXY: ".*\/0" is every address and would trust every hop.*number of proxies/);
  });

  it('takes a hop count up to 3 and refuses a larger one, which would trust what a client writes', () => {
    expect(typeof trustProxyOf('3')).toBe('function');
    expect(() => trustProxyOf('4')).toThrow(/TRUST_PROXY: 4 hops is more than the 3 proxies a portal sits behind and would trust every hop/);
    expect(() => trustProxyOf('1000')).toThrow(ConfigError);
  });

  it.each(['yes', '10.0.0.0/33', '300.1.1.1', '10.0.0.1,', 'proxy.internal', '-1'])('refuses %o, naming the variable', (value) => {
    expect(() => trustProxyOf(value)).toThrow(/TRUST_PROXY: .*(IP address or CIDR|hop count)/);
  });
});

describe('OTEL_EXPORTER_OTLP_ENDPOINT', () => {
  const tracingOf = (env: Record<string, string>) =>
    loadConfig({ DATA_DIR: mkdtempSync(path.join(tmpdir(), 'portal-config-')), SESSION_SECRET: 'x'.repeat(32), ...env }).tracing;

  it('traces when a collector is named, for every signal or for traces alone, and not otherwise', () => {
    expect(tracingOf({})).toBe(false);
    expect(tracingOf({ OTEL_EXPORTER_OTLP_ENDPOINT: '' })).toBe(false);
    expect(tracingOf({ OTEL_EXPORTER_OTLP_ENDPOINT: 'http://collector:4318' })).toBe(true);
    expect(tracingOf({ OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: 'https://otlp.example.com/v1/traces' })).toBe(true);
  });

  it.each(['collector:4318', 'grpc://collector:4317', 'not a url'])('refuses %o at start, naming the variable and the form it takes', (value) => {
    expect(() => tracingOf({ OTEL_EXPORTER_OTLP_ENDPOINT: value })).toThrow(
      /OTEL_EXPORTER_OTLP_ENDPOINT: must be an http:\/\/ or https:\/\/ address of an OpenTelemetry collector/,
    );
  });
});

describe('a portal behind one proxy (TRUST_PROXY=1)', () => {
  let portal: Awaited<ReturnType<typeof createTestApp>>;
  beforeAll(async () => {
    portal = await createTestApp({ TRUST_PROXY: '1', RATE_LIMIT_CONTACT: '2' });
  });
  afterAll(() => portal.close());

  it('lets the rate limits see the address the proxy saw, whatever the client forged', async () => {
    const contact = { firstName: 'Ada', lastName: 'Obi', email: 'ada@example.com', phone: '08031234567', feedback: 'general' };
    const send = (forged: string, client: string) =>
      new TestClient(portal.app).request({ method: 'POST', url: '/api/contact', headers: { 'x-forwarded-for': `${forged}, ${client}` } }, { json: contact });
    const fromOne = [];
    for (const forged of ['1.1.1.1', '2.2.2.2', '3.3.3.3']) fromOne.push((await send(forged, '203.0.113.7')).statusCode);
    expect(fromOne).toEqual([201, 201, 429]);
    expect((await send('1.1.1.1', '198.51.100.9')).statusCode).toBe(201);
  });
});

describe('secrets from compose.yaml and .env', () => {
  const base = () => ({ DATA_DIR: mkdtempSync(path.join(tmpdir(), 'portal-config-')), SESSION_SECRET: 'x'.repeat(32) });

  it('takes the database password apart from DATABASE_URL, whatever characters it has', () => {
    const password = 'pa/ss#wo?rd@x%y:z';
    const { databaseUrl } = loadConfig({ ...base(), DATABASE_URL: 'postgres://portal@postgres:5432/portal', DATABASE_PASSWORD: password });
    const url = new URL(databaseUrl!);
    // pg reads the URL's parts percent-decoded, as here.
    expect([decodeURIComponent(url.password), url.username, url.hostname, url.port, url.pathname]).toEqual([password, 'portal', 'postgres', '5432', '/portal']);
  });

  it('refuses a password given twice', () => {
    expect(() => loadConfig({ ...base(), DATABASE_URL: 'postgres://portal:one@postgres/portal', DATABASE_PASSWORD: 'two' })).toThrow(/give it once/);
  });

  it.each(['SESSION_SECRET', 'DATABASE_PASSWORD', 'METRICS_TOKEN', 'ADMIN_PASSWORD'])('refuses %s left at its change-me example value', (name) => {
    const env: Record<string, string> = {
      ...base(),
      DATABASE_URL: 'postgres://portal@postgres/portal',
      ADMIN_EMAIL: 'staff@example.com',
      ADMIN_PASSWORD: 'a-real-password-9',
    };
    env[name] = 'change-me-to-at-least-32-random-characters';
    expect(() => loadConfig(env)).toThrow(new RegExp(`Refusing to start:\\n  ${name}: still the example value`));
  });
});
