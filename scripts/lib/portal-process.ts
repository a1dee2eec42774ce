import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import getPort from 'get-port';
import { cameraPhoto } from './camera-photo.js';
import { createScratchDatabase, runSql } from '../../src/server/test-support/scratch-database.js';

/** Helpers shared by the benchmark and soak scripts: a built portal in a child process, and a client for it. */

export const DEFAULT_PG = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
export const BENCH_SESSION_SECRET = 'bench-and-soak-session-secret-not-for-production';
export const STAFF = { email: 'bench-staff@example.com', password: 'bench-staff-password' };

/** A new, empty database on the bench's PostgreSQL server. */
export const freshDatabase = (serverUrl = DEFAULT_PG) => createScratchDatabase(serverUrl, 'bench');

export interface PortalProcess {
  baseUrl: string;
  child: ChildProcess;
  dataDir: string;
  /** Milliseconds from spawn to the first answer. */
  startupMs: number;
  stop(): Promise<void>;
}

/**
 * Starts the built portal: `node dist/server/main.js`, with `nodeArgs` for node itself (for example
 * `--cpu-prof`), or `npm start` as a person would type it. Its log says only errors, shown with the
 * bench's output; with `requestLog`, it logs as in production (every request, at `info`), to nowhere:
 * a load run then pays for the log lines a production portal writes.
 */
export async function startPortal(
  env: Record<string, string> = {},
  { nodeArgs = [], npmStart = false, requestLog = false }: { nodeArgs?: string[]; npmStart?: boolean; requestLog?: boolean } = {},
): Promise<PortalProcess> {
  const port = await getPort();
  const dataDir = env.DATA_DIR ?? mkdtempSync(path.join(tmpdir(), 'portal-bench-'));
  const started = performance.now();
  const [command, args] = npmStart ? ['npm', ['start', '--silent']] : [process.execPath, [...nodeArgs, 'dist/server/main.js']];
  // npm runs the portal in a process of its own: a process group lets stop() end both.
  const child = spawn(command, args, {
    detached: npmStart,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: requestLog ? 'info' : 'error',
      // Production refuses to start without these. One secret for every bench portal, so a restarted
      // one keeps its members signed in; nothing listens at that SMTP port, so mail waits in the outbox.
      SESSION_SECRET: BENCH_SESSION_SECRET,
      SMTP_URL: 'smtp://127.0.0.1:1',
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      ADMIN_EMAIL: STAFF.email,
      ADMIN_PASSWORD: STAFF.password,
      RATE_LIMIT_LOGIN: '1000000',
      RATE_LIMIT_SIGNUP: '1000000',
      RATE_LIMIT_CONTACT: '1000000',
      RATE_LIMIT_FORMS: '1000000',
      RATE_LIMIT_CODES: '1000000',
      RATE_LIMIT_PAGE_DRAWS: '1000000',
      RATE_LIMIT_LARGE_PHOTOS: '1000000',
      ...env,
    },
    stdio: ['ignore', requestLog ? 'ignore' : 'inherit', 'inherit'],
  });
  const baseUrl = `http://127.0.0.1:${port}`;
  await waitForAnswer(baseUrl, child);
  const startupMs = performance.now() - started;
  return {
    baseUrl,
    child,
    dataDir,
    startupMs,
    async stop() {
      if (npmStart) return stopProcessGroup(child.pid!);
      if (child.exitCode !== null) return;
      child.kill('SIGTERM');
      await new Promise((resolve) => child.once('exit', resolve));
    },
  };
}

/**
 * `npm start`'s process group stopped, and waited for until none of it is left. Not npm's own exit:
 * the SIGTERM ends `sh -c` at once and npm with it, while the portal they started goes on for its
 * shutdown (READINESS_DRAIN_MS, 5 s, then closing the embedded database and unlocking its folder).
 * Waiting for npm alone, the bench restarted a portal on a folder still locked (refused unless the
 * restart was slower than the drain) and removed the folder under a running portal, whose lock
 * refresh then failed: proper-lockfile's ECOMPROMISED, thrown in a timer, in the bench's output.
 */
async function stopProcessGroup(groupId: number, timeoutMs = 30_000): Promise<void> {
  const alive = () => {
    try {
      process.kill(-groupId, 0);
      return true;
    } catch {
      return false; // ESRCH: no process left in the group
    }
  };
  const signal = (name: NodeJS.Signals) => {
    if (alive()) process.kill(-groupId, name);
  };
  signal('SIGTERM');
  const deadline = Date.now() + timeoutMs;
  while (alive()) {
    if (Date.now() > deadline) {
      console.error(`npm start's processes (group ${groupId}) still running ${timeoutMs / 1000} s after SIGTERM: killed`);
      signal('SIGKILL');
      return;
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/**
 * `run` on a built portal and a new database of their own (`env` added to the portal's); after it,
 * however it ended, the portal is stopped, its data folder removed and the database dropped.
 */
export async function onPortalOfItsOwn<T>(run: (portal: PortalProcess, databaseUrl: string) => Promise<T>, env: Record<string, string> = {}): Promise<T> {
  const database = await freshDatabase();
  try {
    const portal = await startPortal({ DATABASE_URL: database.url, ...env });
    try {
      return await run(portal, database.url);
    } finally {
      await portal.stop();
      rmSync(portal.dataDir, { recursive: true, force: true });
    }
  } finally {
    await database.drop();
  }
}

export async function waitForAnswer(baseUrl: string, child?: ChildProcess, timeoutMs = 60_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child && child.exitCode !== null) throw new Error(`portal exited with ${child.exitCode}`);
    try {
      const response = await fetch(`${baseUrl}/api/site`);
      if (response.ok) return;
    } catch {
      // not up yet
    }
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  throw new Error('portal did not answer in time');
}

/** A cookie-keeping client that sends the XSRF header, as the web app does. */
export class PortalClient {
  private cookies = new Map<string, string>();
  /** A request unanswered after `timeoutMs` fails (AbortSignal's TimeoutError) instead of hanging the run. */
  constructor(
    readonly baseUrl: string,
    private readonly timeoutMs = 30_000,
  ) {}

  get cookieHeader(): string {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  }

  /** The portal runs in production here: its cookies are `__Host-` prefixed. */
  get xsrf(): string {
    return this.cookies.get('__Host-XSRF-TOKEN') ?? this.cookies.get('XSRF-TOKEN') ?? '';
  }

  async request(method: string, url: string, body?: { json?: unknown; form?: FormData }): Promise<Response> {
    // A publicly cacheable answer (such as /api/site) carries no token.
    if (method !== 'GET' && !this.xsrf) await this.request('GET', '/api/users/profile');
    const headers: Record<string, string> = { cookie: this.cookieHeader, 'x-xsrf-token': this.xsrf };
    let payload: BodyInit | undefined;
    if (body?.json !== undefined) {
      headers['content-type'] = 'application/json';
      payload = JSON.stringify(body.json);
    } else if (body?.form) payload = body.form;
    const response = await fetch(`${this.baseUrl}${url}`, { method, headers, body: payload, redirect: 'manual', signal: AbortSignal.timeout(this.timeoutMs) });
    for (const line of response.headers.getSetCookie()) {
      const [pair] = line.split(';');
      const [name, ...rest] = (pair ?? '').split('=');
      if (name) this.cookies.set(name.trim(), rest.join('='));
    }
    return response;
  }

  async json<T>(method: string, url: string, body?: { json?: unknown; form?: FormData }): Promise<T> {
    const response = await this.request(method, url, body);
    const data = (await response.json()) as T;
    if (!response.ok) throw new Error(`${method} ${url} -> ${response.status} ${JSON.stringify(data)}`);
    return data;
  }
}

let counter = 0;
export function memberFields() {
  counter += 1;
  const n = `${Date.now() % 10000}${counter}`.padStart(7, '0').slice(-7);
  return {
    name: 'Bench Member',
    email: `bench${n}-${counter}@example.com`,
    phone: `0809${n}`,
    dob: '1994-06-01',
    maritalStatus: 'single',
    countryOfOrigin: 'Nigeria',
    stateOfOrigin: 'Lagos',
    industry: 'model',
    occupation: 'Model',
    address: '1 Marina, Lagos',
    password: 'bench-password-1',
    confirmPassword: 'bench-password-1',
    acceptTerms: true,
    acceptMarketing: true,
  };
}

/** A member whose profile is active, set directly in the database (the bench measures, it does not re-test activation). */
export async function activatedMemberClient(baseUrl: string, databaseUrl: string): Promise<PortalClient> {
  const client = new PortalClient(baseUrl);
  const fields = memberFields();
  const { user } = await client.json<{ user: { id: string } }>('POST', '/api/users/signup', { json: fields });
  await runSql(databaseUrl, 'update users set activated = true, activated_at = now(), paid_until = current_date + 30 where id = $1', [user.id]);
  return client;
}

/**
 * A listed talent profile with a camera photo, for its public page `/talent/:id`: an activated
 * member whose artist membership form is written directly (the bench measures the page, it does
 * not re-test the form), then the profile saved, the photo added and the profile published.
 */
export async function publishedTalentProfile(baseUrl: string, databaseUrl: string): Promise<string> {
  const client = await activatedMemberClient(baseUrl, databaseUrl);
  const { user } = await client.json<{ user: { id: string } }>('GET', '/api/users/profile');
  const measurements = {
    registrationCategory: 'model',
    gender: 'female',
    heightFt: 5,
    heightInch: 8,
    weight: 58,
    hairColor: 'Black',
    eyeColor: 'Brown',
    stateOfResidence: 'Lagos',
  };
  await runSql(databaseUrl, "insert into submissions (user_id, form, data) values ($1, 'artist-membership', $2)", [user.id, JSON.stringify(measurements)]);
  const profile = {
    category: 'model',
    stageName: 'Adaeze Bench',
    bio: 'Runway, print and television commercials in Lagos and Abuja.',
    show: ['height', 'gender', 'state'],
  };
  await client.json('PUT', '/api/talent/me', { json: { ...profile, published: false } });
  const photo = new FormData();
  photo.append('photo', new Blob([new Uint8Array(await cameraPhoto(3))]), 'photo.jpg');
  await client.json('POST', '/api/talent/me/photos', { form: photo });
  const published = await client.json<{ profile: { id: string } }>('PUT', '/api/talent/me', { json: { ...profile, published: true } });
  return published.profile.id;
}
