import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { eq } from 'drizzle-orm';
import { inject } from 'vitest';
import { type BuildOptions, buildApp } from '../app.js';
import { loadConfig } from '../config.js';
import { type DatabaseHandle, type DatabaseTimeouts, databaseTimeouts, openDatabase } from '../db/client.js';
import type { StaffRole } from '../../shared/roles.js';
import { hashPassword } from '../auth/passwords.js';
import { users } from '../db/schema.js';
import { todayInLagos } from '../../shared/dates.js';
import { extendPaidUntil } from '../../shared/membership.js';
import { createScratchDatabase } from './scratch-database.js';

/**
 * The settings every portal a test builds starts from: quiet, no shedding (the embedded database
 * works on the event loop, and a busy test machine lags it: a portal of a test sheds only when the
 * test asks), and an empty gallery (no starter pictures drawn at each start). `env` adds to them
 * or changes them.
 */
export function testConfig(env: Record<string, string>) {
  return loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', SHED_EVENT_LOOP_DELAY_MS: '0', STARTER_GALLERY: 'off', ...env });
}

/**
 * A portal for one test file: its own database (in-memory PGlite, or a fresh database on the
 * PostgreSQL server named by DATABASE_URL, or by `where.postgresServer`) and its own data folder.
 */
export async function createTestApp(
  env: Record<string, string> = {},
  build: Pick<BuildOptions, 'mailTransport' | 'logStream' | 'clock' | 'webRoot' | 'pageRenderer' | 'storage'> = {},
  where: { postgresServer?: string } = {},
): Promise<{ app: FastifyInstance; close: () => Promise<void> }> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'portal-test-'));
  const config = testConfig({
    DATA_DIR: dataDir,
    SESSION_SECRET: randomBytes(32).toString('hex'),
    RATE_LIMIT_LOGIN: '1000',
    RATE_LIMIT_SIGNUP: '1000',
    RATE_LIMIT_CONTACT: '1000',
    RATE_LIMIT_CODES: '1000',
    RATE_LIMIT_PAYMENT_CALLBACK: '1000',
    ADMIN_EMAIL: STAFF.email,
    ADMIN_PASSWORD: STAFF.password,
    MAIL_POLL_MS: '50',
    // Six pictures on every test portal would only slow them: the gallery's own test turns them on.
    MAIL_RETRY_BASE_MS: '100',
    ...env,
  });
  const { handle, drop } = await openTestDatabase(dataDir, config.databaseListenUrl, databaseTimeouts(config), where.postgresServer ?? postgresServerUrl);
  const app = await buildApp(config, { ...build, database: handle, webRoot: build.webRoot ?? path.join(dataDir, 'no-web') });
  return {
    app,
    async close() {
      await app.close();
      await handle.close();
      await drop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** True when the tests run on the PostgreSQL server named by DATABASE_URL, not the embedded database. */
export const postgresServerUrl = process.env.DATABASE_URL;
export const onPostgresServer = Boolean(postgresServerUrl);

/** The Redis/Valkey the shared-counter tests use: the development and CI machines run one on 6379. */
export const testRedisUrl = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';

/**
 * The migrated embedded database a test portal starts from, when the run gives one
 * (PGLITE_TEST_SEED: tests/pglite-test-seed.ts, built once per run): its migrations then have
 * nothing left to apply. Read once per test file.
 */
let seed: Blob | undefined;
function pgliteSeed(): Blob | undefined {
  const file = process.env.PGLITE_TEST_SEED;
  if (file && !seed) seed = new Blob([readFileSync(file)]);
  return seed;
}

async function openTestDatabase(
  dataDir: string,
  listenUrl: string | null | undefined,
  timeouts: DatabaseTimeouts,
  serverUrl: string | undefined,
): Promise<{ handle: DatabaseHandle; drop: () => Promise<void> }> {
  if (!serverUrl) return { handle: await openDatabase({ dataDir, inMemory: true, listenUrl, seed: pgliteSeed() }), drop: async () => {} };
  // A copy of the run's migrated template on this server (tests/postgres-test-template.ts), when there is one.
  const template = inject('postgresTestTemplate');
  const scratch = await createScratchDatabase(serverUrl, 'test', { template: template?.serverUrl === serverUrl ? template.database : undefined });
  return { handle: await openDatabase({ databaseUrl: scratch.url, dataDir, listenUrl, timeouts }), drop: scratch.drop };
}

type Body = { json?: unknown; form?: FormData };

/** A browser-like client: keeps cookies and echoes the XSRF token, as the web app does. */
export class TestClient {
  private cookies = new Map<string, string>();

  constructor(private readonly app: FastifyInstance) {}

  get(url: string) {
    return this.request({ method: 'GET', url });
  }
  post(url: string, body?: Body) {
    return this.request({ method: 'POST', url }, body);
  }
  put(url: string, body?: Body) {
    return this.request({ method: 'PUT', url }, body);
  }
  patch(url: string, body?: Body) {
    return this.request({ method: 'PATCH', url }, body);
  }
  delete(url: string, body?: Body) {
    return this.request({ method: 'DELETE', url }, body);
  }

  cookie(name: string): string | undefined {
    return this.cookies.get(name);
  }
  setCookie(name: string, value: string | undefined): void {
    if (value === undefined) this.cookies.delete(name);
    else this.cookies.set(name, value);
  }

  /** `csrfHeader: false`: sent as a plain HTML form is, without the header the page's code adds. */
  async request(options: InjectOptions, body: Body = {}, { csrfHeader = true } = {}): Promise<LightMyRequestResponse> {
    if (!this.cookies.has('XSRF-TOKEN') && options.method !== 'GET') await this.get('/api/users/profile');
    const headers: Record<string, string> = { ...(options.headers as Record<string, string> | undefined) };
    if (this.cookies.size > 0) headers.cookie = [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    const xsrf = this.cookies.get('XSRF-TOKEN');
    if (xsrf && csrfHeader && options.method !== 'GET') headers['x-xsrf-token'] = xsrf;
    let payload: InjectOptions['payload'];
    if (body.json !== undefined) {
      headers['content-type'] = 'application/json';
      payload = JSON.stringify(body.json);
    } else if (body.form) {
      const encoded = new Response(body.form);
      headers['content-type'] = encoded.headers.get('content-type') ?? '';
      payload = Buffer.from(await encoded.arrayBuffer());
    }
    const response = await this.app.inject({ ...options, headers, payload: payload ?? options.payload });
    for (const cookie of response.cookies as { name: string; value: string; maxAge?: number; expires?: Date }[]) {
      const expired = cookie.maxAge === 0 || (cookie.expires && cookie.expires.getTime() <= Date.now()) || cookie.value === '';
      this.setCookie(cookie.name, expired ? undefined : cookie.value);
    }
    return response;
  }
}

export const PASSWORD = 'correct-horse-9';

/** The staff account every test portal starts with (ADMIN_EMAIL / ADMIN_PASSWORD). */
export const STAFF = { email: 'staff@example.com', password: 'staff-password-1' };

export async function signedInStaff(app: FastifyInstance): Promise<TestClient> {
  const client = new TestClient(app);
  const response = await client.post('/api/users/login', { json: { email: STAFF.email, password: STAFF.password } });
  if (response.statusCode !== 200) throw new Error(`staff login failed: ${response.body}`);
  return client;
}

let counter = 0;
/** Signup fields that pass every rule; each call gets a fresh email and phone. */
export function signupFields(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  counter += 1;
  const n = `${process.pid % 1000}${counter}`.padStart(7, '0').slice(-7);
  return {
    name: 'Chioma Okafor',
    email: `member${n}@example.com`,
    phone: `0803${n}`,
    dob: '1995-04-12',
    maritalStatus: 'single',
    countryOfOrigin: 'Nigeria',
    stateOfOrigin: 'Lagos',
    industry: 'movie',
    occupation: 'Actress',
    address: '12 Admiralty Way, Lekki',
    password: PASSWORD,
    confirmPassword: PASSWORD,
    acceptTerms: true,
    acceptMarketing: true,
    ...overrides,
  };
}

/** Signs a new member up and returns the signed-in client with the user object. */
export async function signedUpMember(app: FastifyInstance, overrides: Record<string, unknown> = {}) {
  const client = new TestClient(app);
  const fields = signupFields(overrides);
  const response = await client.post('/api/users/signup', { json: fields });
  if (response.statusCode !== 201) throw new Error(`signup failed: ${response.body}`);
  return { client, fields, user: response.json().user as { id: string; email: string; phone: string; status: boolean } };
}

/** A signed-up member whose profile is active (the activation flow itself is tested in membership/). */
export async function activatedMember(app: FastifyInstance, overrides: Record<string, unknown> = {}) {
  const member = await signedUpMember(app, overrides);
  const paidUntil = extendPaidUntil(null, todayInLagos(app.ctx.clock()), 1);
  await app.ctx.db.update(users).set({ activated: true, activatedAt: new Date(), paidUntil }).where(eq(users.id, member.user.id));
  return member;
}

/** A signed-in staff account of the given role, made directly (inviting is tested in staff/). */
export async function signedInStaffAs(app: FastifyInstance, role: StaffRole) {
  counter += 1;
  const email = `${role}-${process.pid}-${counter}@example.com`;
  const [row] = await app.ctx.db
    .insert(users)
    .values({ fullName: `Test ${role}`, email, phone: `staff:${email}`, passwordHash: await hashPassword(PASSWORD), role, activated: true })
    .returning({ id: users.id });
  const client = new TestClient(app);
  const response = await client.post('/api/users/login', { json: { email, password: PASSWORD } });
  if (response.statusCode !== 200) throw new Error(`staff login failed: ${response.body}`);
  return { client, id: row!.id, email };
}
