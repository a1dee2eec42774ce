/**
 * `npm run faults`: pauses and resumes (SIGSTOP / SIGCONT) each dependency of a portal under light
 * traffic and reports, per request, whether it was answered in time (2xx, or 503 with Retry-After;
 * a sign-in's 401/429), whether what it acknowledged was stored exactly once, and whether anything
 * hung past the timeout. Bounded (about two minutes) and on loopback only: an S3 stand-in
 * (s3rver), a PostgreSQL cluster of its own (initdb into a temporary folder, on a free port; never
 * the machine's own cluster) and a redis-server of its own, each in its own process group.
 *
 *   npm run faults                      every phase
 *   npm run faults -- --only=storage    one phase (storage, database, redis)
 */
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { chmodSync, chownSync, existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import getPort from 'get-port';
import sharp from 'sharp';
import { runSql } from '../src/server/test-support/scratch-database.js';
import { activatedMemberClient, PortalClient, STAFF, waitForAnswer } from './lib/portal-process.js';

const ONLY = process.argv.find((a) => a.startsWith('--only='))?.split('=')[1];
/** An answer later than this is not "in time"; one later than HUNG_MS is given up on by the client and counted as hung. */
const IN_TIME_MS = 8000;
const HUNG_MS = 20_000;
const PAUSE_MS = 8000;
const scratch = mkdtempSync(path.join(tmpdir(), 'portal-faults-'));
const groups: ChildProcess[] = [];

/** A child in a process group of its own, so SIGSTOP reaches every process of it (PostgreSQL's backends too). */
function startGroup(command: string, args: string[], env: NodeJS.ProcessEnv = process.env, owner: { uid?: number; gid?: number } = {}): ChildProcess {
  const child = spawn(command, args, { detached: true, env, stdio: ['ignore', 'pipe', 'pipe'], ...owner });
  child.stderr?.on('data', () => {});
  groups.push(child);
  return child;
}
/** Signals a child's process group and every process under it: PostgreSQL's backends each lead a session of their own. */
function signalGroup(child: ChildProcess, signal: NodeJS.Signals): void {
  process.kill(-child.pid!, signal);
  const under = (pid: number): number[] => {
    // ps exits 1 when it finds none.
    const listed = (() => {
      try {
        return execFileSync('ps', ['-o', 'pid=', '--ppid', String(pid)]).toString();
      } catch {
        return '';
      }
    })();
    const children = listed.trim().split(/\s+/).filter(Boolean).map(Number);
    return children.flatMap((c) => [c, ...under(c)]);
  };
  for (const pid of under(child.pid!)) process.kill(pid, signal);
}

async function startPostgres(): Promise<{ child: ChildProcess; url: string }> {
  const versions = readdirSync('/usr/lib/postgresql').sort((a, b) => Number(b) - Number(a));
  const bin = path.join('/usr/lib/postgresql', versions[0]!, 'bin');
  if (!existsSync(path.join(bin, 'initdb'))) throw new Error(`no initdb in ${bin}`);
  const folder = path.join(scratch, 'pg');
  const data = path.join(folder, 'data');
  mkdirSync(folder);
  // PostgreSQL refuses to run as root: as root, the cluster belongs to the machine's postgres user.
  const owner: { uid?: number; gid?: number } =
    process.getuid?.() === 0
      ? { uid: Number(execFileSync('id', ['-u', 'postgres']).toString()), gid: Number(execFileSync('id', ['-g', 'postgres']).toString()) }
      : {};
  if (owner.uid !== undefined && owner.gid !== undefined) {
    chmodSync(scratch, 0o755);
    chownSync(folder, owner.uid, owner.gid);
  }
  execFileSync(path.join(bin, 'initdb'), ['-D', data, '-U', 'postgres', '--auth=trust', '--no-sync'], { stdio: 'ignore', ...owner });
  const port = await getPort();
  const child = startGroup(
    path.join(bin, 'postgres'),
    ['-D', data, '-p', String(port), '-k', folder, '-c', 'listen_addresses=127.0.0.1', '-c', 'fsync=off'],
    process.env,
    owner,
  );
  const url = `postgres://postgres@127.0.0.1:${port}/postgres`;
  for (let i = 0; i < 100; i++) {
    try {
      await runSql(url, 'select 1');
      return { child, url };
    } catch {
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
  throw new Error('the PostgreSQL of the fault run did not start');
}

async function startRedis(): Promise<{ child: ChildProcess; url: string }> {
  const port = await getPort();
  const child = startGroup('redis-server', ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no']);
  await new Promise((resolve) => setTimeout(resolve, 300));
  return { child, url: `redis://127.0.0.1:${port}` };
}

async function startS3(): Promise<{ child: ChildProcess; env: Record<string, string> }> {
  const child = startGroup(process.execPath, ['--import', 'tsx', 'scripts/lib/s3-stand-in.ts']);
  const line = await new Promise<string>((resolve) => createInterface({ input: child.stdout! }).once('line', resolve));
  return { child, env: JSON.parse(line) as Record<string, string> };
}

async function startPortal(env: Record<string, string>): Promise<{ baseUrl: string; child: ChildProcess }> {
  const port = await getPort();
  const child = startGroup(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
    ...process.env,
    NODE_ENV: 'production',
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: path.join(scratch, 'portal'),
    LOG_LEVEL: 'info',
    SESSION_SECRET: 'faults-session-secret-not-for-production-use',
    SMTP_URL: 'smtp://127.0.0.1:1',
    ADMIN_EMAIL: STAFF.email,
    ADMIN_PASSWORD: STAFF.password,
    RATE_LIMIT_LOGIN: '1000000',
    RATE_LIMIT_SIGNUP: '1000000',
    RATE_LIMIT_FORMS: '1000000',
    // Short limits, so an outage shows within a phase.
    DATABASE_CONNECT_TIMEOUT_MS: '2000',
    DATABASE_STATEMENT_TIMEOUT_MS: '3000',
    DATABASE_IDLE_IN_TRANSACTION_TIMEOUT_MS: '3000',
    S3_CONNECT_TIMEOUT_MS: '1000',
    S3_REQUEST_TIMEOUT_MS: '1500',
    STORAGE_TIMEOUT_MS: '3000',
    REQUEST_TIMEOUT_MS: '5000',
    UPLOAD_TIMEOUT_MS: '6000',
    READINESS_DRAIN_MS: '0',
    ...env,
  });
  // The outage lines only (each dependency's failure and return), not every request's.
  createInterface({ input: child.stdout! }).on('line', (line) => {
    if (/"dependency"|"level":[56]0/.test(line)) console.log(`  portal log: ${line.slice(0, 400)}`);
  });
  const baseUrl = `http://127.0.0.1:${port}`;
  await waitForAnswer(baseUrl, child, 120_000);
  return { baseUrl, child };
}

interface Outcome {
  phase: string;
  kind: 'plans' | 'form' | 'login';
  status: number | 'hung';
  ms: number;
  retryAfter: boolean;
  tag?: string;
}

let photo: Buffer;
let sent = 0;
async function eventForm(tag: string): Promise<FormData> {
  photo ??= await sharp({ create: { width: 200, height: 260, channels: 3, background: '#a35' } })
    .jpeg()
    .toBuffer();
  const form = new FormData();
  const fields = {
    surname: 'Okafor',
    firstName: 'Chioma',
    registrationNumber: tag,
    companyId: 'CO-1',
    selectedEvent: 'orphanage',
    amountPaid: '5000',
    paymentDate: '2026-01-10',
  };
  for (const [key, value] of Object.entries(fields)) form.append(key, value);
  for (const field of ['tellerImage', 'passportImage', 'signatureImage'])
    form.append(field, new Blob([new Uint8Array(photo)], { type: 'image/jpeg' }), `${field}.jpg`);
  return form;
}

async function timed(phase: string, kind: Outcome['kind'], send: () => Promise<Response>, tag?: string): Promise<Outcome> {
  const started = performance.now();
  try {
    const response = await send();
    await response.arrayBuffer();
    return { phase, kind, status: response.status, ms: performance.now() - started, retryAfter: response.headers.has('retry-after'), tag };
  } catch {
    return { phase, kind, status: 'hung', ms: performance.now() - started, retryAfter: false, tag };
  }
}

/** Light traffic for `ms`: a plans read, a form with three photos and a failed sign-in, every 400 ms. */
async function traffic(phase: string, member: PortalClient, baseUrl: string, ms: number, into: Promise<Outcome>[]): Promise<void> {
  const end = Date.now() + ms;
  const visitor = new PortalClient(baseUrl, HUNG_MS);
  while (Date.now() < end) {
    const tag = `faults-${process.pid}-${++sent}`;
    into.push(timed(phase, 'plans', () => visitor.request('GET', '/api/plans')));
    into.push(timed(phase, 'form', async () => member.request('POST', '/api/users/eventform', { form: await eventForm(tag) }), tag));
    into.push(
      timed(phase, 'login', () => visitor.request('POST', '/api/users/login', { json: { email: 'nobody@example.com', password: 'not-the-password' } })),
    );
    await new Promise((resolve) => setTimeout(resolve, 400));
  }
}

async function main(): Promise<void> {
  console.log("starting an S3 stand-in, a PostgreSQL cluster and a redis-server of the run's own, on loopback");
  const [postgres, redis, s3] = await Promise.all([startPostgres(), startRedis(), startS3()]);
  const databaseUrl = postgres.url;
  const portal = await startPortal({ DATABASE_URL: databaseUrl, REDIS_URL: redis.url, ...s3.env });
  const member = await activatedMemberClient(portal.baseUrl, databaseUrl);

  const phases: { name: string; group: ChildProcess }[] = [
    { name: 'storage', group: s3.child },
    { name: 'database', group: postgres.child },
    { name: 'redis', group: redis.child },
  ].filter((phase) => !ONLY || phase.name === ONLY);

  const outcomes: Promise<Outcome>[] = [];
  for (const phase of phases) {
    console.log(`phase ${phase.name}: 3 s of traffic, ${PAUSE_MS / 1000} s paused (SIGSTOP), 5 s after SIGCONT`);
    await traffic(`${phase.name}: before`, member, portal.baseUrl, 3000, outcomes);
    signalGroup(phase.group, 'SIGSTOP');
    await traffic(`${phase.name}: paused`, member, portal.baseUrl, PAUSE_MS, outcomes);
    signalGroup(phase.group, 'SIGCONT');
    await traffic(`${phase.name}: resumed`, member, portal.baseUrl, 5000, outcomes);
  }
  const results = await Promise.all(outcomes);
  // Give a commit acknowledged at the last moment time to be visible, then count tags.
  await new Promise((resolve) => setTimeout(resolve, 500));
  const stored = new Map<string, number>();
  for (const row of await runSql<{ tag: string; n: number }>(
    databaseUrl,
    "select data->>'registrationNumber' as tag, count(*)::int as n from submissions where form = 'event' group by 1",
  ))
    stored.set(row.tag, row.n);

  const table: string[] = [
    '| phase | kind | requests | 2xx | 503 (Retry-After) | other answers | hung | slowest ms | answered in time | acknowledged, stored once | stored twice |',
    '|---|---|---:|---:|---:|---:|---:|---:|---|---|---:|',
  ];
  let failures = 0;
  const groupsOf = new Map<string, Outcome[]>();
  for (const result of results) groupsOf.set(`${result.phase}|${result.kind}`, [...(groupsOf.get(`${result.phase}|${result.kind}`) ?? []), result]);
  for (const [key, rows] of groupsOf) {
    const [phase, kind] = key.split('|');
    const ok = rows.filter((r) => typeof r.status === 'number' && r.status < 300);
    const unavailable = rows.filter((r) => r.status === 503);
    const withRetryAfter = unavailable.filter((r) => r.retryAfter);
    const expectedRefusal = kind === 'login' ? rows.filter((r) => r.status === 401 || r.status === 429) : [];
    const other = rows.filter((r) => !ok.includes(r) && !unavailable.includes(r) && !expectedRefusal.includes(r) && r.status !== 'hung' && r.ms <= HUNG_MS);
    const hung = rows.filter((r) => r.status === 'hung' || r.ms > HUNG_MS);
    const late = rows.filter((r) => r.ms > IN_TIME_MS);
    const acknowledged = kind === 'form' ? ok.filter((r) => r.tag) : [];
    const storedOnce = acknowledged.filter((r) => stored.get(r.tag!) === 1);
    const twice = kind === 'form' ? rows.filter((r) => (stored.get(r.tag!) ?? 0) > 1).length : 0;
    const inTime = hung.length === 0 && late.length === 0 && other.length === 0 && withRetryAfter.length === unavailable.length;
    const keptOnce = storedOnce.length === acknowledged.length && twice === 0;
    if (!inTime || !keptOnce) failures += 1;
    const slowest = Math.max(...rows.map((r) => r.ms));
    table.push(
      `| ${phase} | ${kind} | ${rows.length} | ${ok.length + expectedRefusal.length} | ${unavailable.length} (${withRetryAfter.length}) | ${other.map((r) => r.status).join(' ') || 0} | ${hung.length} | ${Math.round(slowest)} | ${inTime ? 'yes' : 'NO'} | ${kind === 'form' ? `${storedOnce.length}/${acknowledged.length}` : '-'} | ${twice} |`,
    );
  }
  console.log(`\n${table.join('\n')}\n`);
  console.log('(a sign-in is answered 401 or 429 when it is counted: those are in the 2xx column for it)');
  console.log(failures === 0 ? 'every request answered in time, every acknowledged form stored once, nothing hung' : `${failures} row(s) fell short`);
  process.exitCode = failures === 0 ? 0 : 1;
}

function stopEverything(): void {
  for (const child of groups.reverse()) {
    try {
      process.kill(-child.pid!, 'SIGCONT');
      process.kill(-child.pid!, 'SIGTERM');
    } catch {
      // already gone
    }
  }
}

const overall = setTimeout(() => {
  console.error('the fault run took longer than 5 minutes: stopping');
  stopEverything();
  process.exit(1);
}, 5 * 60_000);
overall.unref();

try {
  await main();
} finally {
  stopEverything();
  await new Promise((resolve) => setTimeout(resolve, 1000));
  rmSync(scratch, { recursive: true, force: true });
}
