import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { loadConfig } from './config.js';

/**
 * compose.yaml, Caddyfile, Dockerfile and .env.example, checked without a Docker daemon: the rules
 * an operator's first `docker compose up` depends on, and the portal's environment as compose
 * would hand it over (its `${VAR:?}` / `${VAR:-}` interpolation done here) accepted by loadConfig.
 */
const root = path.resolve(import.meta.dirname, '../..');
const read = (file: string) => readFileSync(path.join(root, file), 'utf8');

interface Service {
  image?: string;
  build?: unknown;
  ports?: string[];
  profiles?: string[];
  init?: boolean;
  logging?: { driver: string; options: Record<string, string> };
  environment?: Record<string, string>;
}
const compose = parse(read('compose.yaml'), { merge: true }) as { services: Record<string, Service> };
const services = Object.entries(compose.services);

/** .env as compose reads it: KEY=VALUE lines, comments and blank lines skipped. */
function dotenv(text: string): Record<string, string> {
  const env: Record<string, string> = {};
  for (const line of text.split('\n')) {
    const match = /^([A-Z_][A-Z0-9_]*)=(.*)$/.exec(line.trim());
    if (match) env[match[1]!] = match[2]!;
  }
  return env;
}

/** Compose's interpolation: `${VAR}`, `${VAR:-default}`, `${VAR:?error}` (unset or empty), `$$`. */
function interpolate(value: string, env: Record<string, string>): string {
  return value.replace(/\$\$|\$\{([A-Z0-9_]+)(?::([-?])([^}]*))?\}/g, (whole, name: string | undefined, kind: string | undefined, rest: string | undefined) => {
    if (whole === '$$') return '$';
    const set = env[name!];
    if (set) return set;
    if (kind === '?') throw new Error(`required variable ${name} is missing a value: ${rest}`);
    return kind === '-' ? (rest ?? '') : '';
  });
}

const portalEnv = (env: Record<string, string>) =>
  Object.fromEntries(Object.entries(compose.services.portal!.environment!).map(([key, value]) => [key, interpolate(String(value), env)]));

describe('compose.yaml', () => {
  it('pins every image to a version, never latest', () => {
    for (const [name, service] of services) {
      if (service.build) continue;
      expect(service.image, name).toMatch(/^[\w./-]+:(v?\d+\.\d+[\w.-]*|RELEASE\.[\w-]+)$/);
    }
  });

  it('rotates every service’s logs and runs an init as PID 1', () => {
    for (const [name, service] of services) {
      expect(service.logging?.driver, name).toBe('json-file');
      expect(service.logging?.options['max-size'], name).toMatch(/^\d+m$/);
      expect(Number(service.logging?.options['max-file']), name).toBeGreaterThan(1);
      expect(service.init, name).toBe(true);
    }
  });

  it('publishes only the proxy (80 and 443); Mailpit only in the dev profile and on 127.0.0.1', () => {
    for (const [name, service] of services) {
      if (name === 'proxy') expect(service.ports).toEqual(expect.arrayContaining(['80:80', '443:443']));
      else for (const port of service.ports ?? []) expect(port, `${name} publishes ${port}`).toMatch(/^127\.0\.0\.1:/);
    }
    expect(compose.services.mailpit!.profiles).toEqual(['dev']);
  });

  it('stops on .env.example as it is: no example secret reaches a running portal', () => {
    expect(Object.values(dotenv(read('.env.example'))).filter((value) => /change-me/i.test(value))).toEqual([]);
    expect(() => portalEnv(dotenv(read('.env.example')))).toThrow(/POSTGRES_PASSWORD is missing a value/);
  });

  it('hands the portal a generated password with / and # that it reads back exactly', () => {
    const password = 'q8/Zx#1+vK=w?@%';
    const env = { ...dotenv(read('.env.example')), POSTGRES_PASSWORD: password, MINIO_ROOT_PASSWORD: 'minio-secret-1234', SESSION_SECRET: 's'.repeat(44) };
    const config = loadConfig({ ...portalEnv(env), DATA_DIR: mkdtempSync(path.join(tmpdir(), 'portal-compose-')) });
    const url = new URL(config.databaseUrl!);
    expect([decodeURIComponent(url.password), url.hostname, url.pathname]).toEqual([password, 'postgres', '/portal']);
    expect(compose.services.postgres!.environment!.POSTGRES_PASSWORD).toBe('${POSTGRES_PASSWORD:?set in .env}');
  });

  it('refuses to start on a change-me secret', () => {
    const env = {
      ...dotenv(read('.env.example')),
      POSTGRES_PASSWORD: 'pw',
      MINIO_ROOT_PASSWORD: 'minio-secret-1234',
      SESSION_SECRET: 'change-me-to-at-least-32-random-characters',
    };
    expect(() => loadConfig({ ...portalEnv(env), DATA_DIR: mkdtempSync(path.join(tmpdir(), 'portal-compose-')) })).toThrow(
      /SESSION_SECRET: still the example value/,
    );
  });
});

describe('Caddyfile and Dockerfile', () => {
  it('serves SITE_ADDRESS over TLS (Caddy’s automatic certificates), http://localhost when unset', () => {
    expect(read('Caddyfile')).toMatch(/^\{\$SITE_ADDRESS:http:\/\/localhost\} \{/m);
    expect(read('Caddyfile')).toMatch(/reverse_proxy \{[\s\S]*dynamic a portal 3000/);
    expect(compose.services.proxy!.environment!.SITE_ADDRESS).toBe('${SITE_ADDRESS:-http://localhost}');
  });

  it('has pg_dump of the compose PostgreSQL’s major version, and tini as PID 1', () => {
    const major = /^postgres:(\d+)\./.exec(compose.services.postgres!.image!)?.[1];
    expect(major).toBe('17');
    const dockerfile = read('Dockerfile');
    expect(dockerfile).toContain(`postgresql-client-${major}`);
    expect(dockerfile).toMatch(/^ENTRYPOINT \["\/usr\/bin\/tini", "--"\]$/m);
  });
});
