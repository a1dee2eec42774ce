import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import getPort from 'get-port';
import { simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { shiftDate, todayInLagos } from '../shared/dates.js';
import { hashPassword } from './auth/passwords.js';
import { type DatabaseHandle, openDatabase } from './db/client.js';
import { users } from './db/schema.js';
import { describeOnPostgres, inheritedPath, missingForTests, raceServerUrl } from './test-support/on-postgres.js';
import { Browser } from './test-support/browser.js';
import { outboxDrained, outboxRowsTo } from './test-support/mailbox.js';
import { createScratchDatabase } from './test-support/scratch-database.js';
import { PASSWORD, signupFields } from './test-support/test-app.js';

/**
 * The built server (`dist/server/main.js`) run as two `node` processes on one PostgreSQL
 * database, as two hosts behind a load balancer would: what one process does, the other honours.
 */
const mainScript = path.resolve(import.meta.dirname, '../../dist/server/main.js');
const built = existsSync(mainScript);
if (!built)
  missingForTests(`no build at ${mainScript}: the two-process tests are SKIPPED; they need \`npm run build\` first (npm test builds before the API tests).`);

interface Process {
  base: string;
  child: ChildProcess;
  stderr: string[];
}

const received: { to: string; subject: string }[] = [];
let smtp: SMTPServer;
let scratch: Awaited<ReturnType<typeof createScratchDatabase>>;
let database: DatabaseHandle;
let dataDir: string;
let processes: Process[] = [];
const remindedEmail = `reminded-${randomBytes(4).toString('hex')}@example.com`;

async function startProcess(env: Record<string, string>): Promise<Process> {
  const port = await getPort();
  const stderr: string[] = [];
  const child = spawn(process.execPath, [mainScript], {
    stdio: ['ignore', 'ignore', 'pipe'],
    env: {
      PATH: inheritedPath,
      NODE_ENV: 'test',
      HOST: '127.0.0.1',
      PORT: String(port),
      DATA_DIR: path.join(dataDir, String(port)),
      LOG_LEVEL: 'warn',
      ...env,
    },
  });
  child.stderr!.on('data', (chunk: Buffer) => stderr.push(chunk.toString()));
  return { base: `http://127.0.0.1:${port}`, child, stderr };
}

async function ready(portal: Process): Promise<void> {
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (portal.child.exitCode !== null) throw new Error(`the portal exited with ${portal.child.exitCode}: ${portal.stderr.join('')}`);
    const answer = await fetch(`${portal.base}/readyz`).catch(() => undefined);
    if (answer?.ok) return;
    if (Date.now() > deadline) throw new Error(`the portal was not ready in a minute: ${portal.stderr.join('')}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

describeOnPostgres('two server processes', () => {
  beforeAll(async () => {
    if (!built) return;
    dataDir = mkdtempSync(path.join(tmpdir(), 'portal-two-'));
    const smtpPort = await getPort();
    smtp = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      logger: false,
      onData(stream, _session, callback) {
        simpleParser(stream)
          .then((mail) => received.push({ to: mail.to && !Array.isArray(mail.to) ? mail.to.text : '', subject: mail.subject ?? '' }))
          .then(() => callback(), callback);
      },
    });
    await new Promise<void>((resolve) => smtp.listen(smtpPort, '127.0.0.1', resolve));
    scratch = await createScratchDatabase(raceServerUrl!, 'two');
    // The schema, and a member whose paid-until is 7 days away, before either process starts: each
    // runs the reminders as it starts.
    database = await openDatabase({ databaseUrl: scratch.url, dataDir, poolSize: 2 });
    await database.db.insert(users).values({
      fullName: 'Adaeze Eze',
      email: remindedEmail,
      phone: '08031110000',
      passwordHash: await hashPassword(PASSWORD),
      activated: true,
      paidUntil: shiftDate(todayInLagos(), 7),
    });
    const env = { DATABASE_URL: scratch.url, SESSION_SECRET: randomBytes(32).toString('hex'), SMTP_URL: `smtp://127.0.0.1:${smtpPort}`, MAIL_POLL_MS: '50' };
    processes = await Promise.all([startProcess(env), startProcess(env)]);
    await Promise.all(processes.map(ready));
  }, 120_000);

  afterAll(async () => {
    await Promise.all(
      processes.map(async ({ child }) => {
        if (child.exitCode !== null) return;
        const exited = new Promise((resolve) => child.once('exit', resolve));
        child.kill('SIGTERM');
        await exited;
      }),
    );
    await database?.close();
    await scratch?.drop();
    smtp?.close();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });

  it.skipIf(!built)('sends a membership reminder once, though both processes ran the reminders as they started', async () => {
    // Each process runs the reminders once it listens, so they may still be running when both are
    // ready: wait for the first reminder, then watch for three seconds that no second one comes.
    const reminders = () => outboxRowsTo(database.db, remindedEmail, /Your membership/);
    await expect.poll(reminders, { timeout: 30_000, interval: 100 }).toBeGreaterThanOrEqual(1);
    for (const end = Date.now() + 3_000; Date.now() < end; await new Promise((resolve) => setTimeout(resolve, 100))) {
      expect(await reminders()).toBe(1);
    }
    await outboxDrained(database.db);
    expect(received.filter((mail) => mail.to === remindedEmail && /Your membership/.test(mail.subject))).toHaveLength(1);
  });

  it.skipIf(!built)('refuses on B a member who signed out on A', async () => {
    const [a, b] = processes as [Process, Process];
    const browser = new Browser();
    expect((await browser.request(a, 'POST', '/api/users/signup', { json: signupFields() })).status).toBe(201);
    expect((await browser.request(b, 'GET', '/api/users/profile')).status).toBe(200);
    // The same cookies, kept by a second tab that did not see the sign-out.
    const otherTab = browser.copy();
    expect((await browser.request(a, 'POST', '/api/users/logout')).status).toBe(200);
    // B keeps sessions until PostgreSQL tells it of a change (docs/decisions/008): a few milliseconds.
    await expect.poll(async () => (await otherTab.request(b, 'GET', '/api/users/profile')).status, { timeout: 2000, interval: 10 }).toBe(401);
  });
});
