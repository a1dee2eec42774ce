import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { test as base, expect, type Page } from '@playwright/test';
import getPort from 'get-port';
import { SMTPServer } from 'smtp-server';
import { simpleParser } from 'mailparser';
import { PaystackStandIn } from '../../src/server/test-support/paystack-server';
import { machineBudget } from '../machine-budget';

/** Preloaded into a portal started with its clock ahead (E2E_CLOCK_AHEAD_MS). */
const SHIFTED_CLOCK = pathToFileURL(path.join(import.meta.dirname, 'shifted-clock.mjs')).href;

export interface Mail {
  to: string;
  subject: string;
  text: string;
}

/** A real SMTP listener: the portal delivers to it exactly as it would to a mail provider. */
export class Mailbox {
  readonly messages: Mail[] = [];

  async waitFor(predicate: (mail: Mail) => boolean, timeoutMs = 20_000): Promise<Mail> {
    const deadline = Date.now() + timeoutMs;
    while (Date.now() < deadline) {
      const found = this.messages.find(predicate);
      if (found) return found;
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    throw new Error(`no mail matched within ${timeoutMs} ms; got: ${this.messages.map((m) => `${m.to}: ${m.subject}`).join(', ')}`);
  }

  /** The first 6-digit code in the newest mail to `to` whose subject matches. */
  async codeFor(to: string, subject: RegExp): Promise<string> {
    const mail = await this.waitFor((m) => m.to.includes(to.toLowerCase()) && subject.test(m.subject));
    const code = /\b(\d{6})\b/.exec(mail.text)?.[1];
    if (!code) throw new Error(`no code in mail "${mail.subject}"`);
    return code;
  }
}

export const ADMIN = { email: 'staff@example.com', password: 'staff-password-1' };

interface Portal {
  baseURL: string;
  mailbox: Mailbox;
  /** The stand-in Paystack the portal pays through, when the file asked for one (`test.use({ withPaystack: true })`). */
  paystack: PaystackStandIn | undefined;
  restart: RestartPortal;
  /** How far ahead of the true time the running portal's clock is (restart's `clockAheadMs`). */
  clockAheadMs: number;
}

/**
 * Stops the portal (SIGTERM, as a deploy does) and starts it again on the same database, port and
 * mailbox; it resolves once the new process's first housekeeping round (run as it starts listening:
 * housekeeping.ts) has gone through. With `clockAheadMs`, the new process's clock runs that far ahead
 * of the true time (shifted-clock.mjs), standing in for the hours that pass between two rounds.
 * Sessions survive (kept in the database, signed with DATA_DIR's secret).
 */
export type RestartPortal = (options?: { clockAheadMs?: number }) => Promise<void>;

/**
 * One portal per worker: the built server (`npm run build` first) started as `npm start` would,
 * on a fresh embedded database, with a staff account and a real SMTP listener.
 */
export const test = base.extend<
  { baseURL: string; mailbox: Mailbox; paystack: PaystackStandIn; restartPortal: RestartPortal },
  { portal: Portal; withPaystack: boolean }
>({
  // A file that pays online gets a portal of its own, with PAYSTACK_SECRET_KEY and PAYSTACK_BASE_URL
  // pointing at a stand-in Paystack on loopback (src/server/test-support/paystack-server.ts).
  withPaystack: [false, { scope: 'worker', option: true }],
  portal: [
    async ({ withPaystack }, use) => {
      const paystack = withPaystack ? new PaystackStandIn() : undefined;
      const paystackEnv = paystack ? { PAYSTACK_SECRET_KEY: paystack.secretKey, PAYSTACK_BASE_URL: await paystack.start() } : {};
      const mailbox = new Mailbox();
      const smtp = new SMTPServer({
        authOptional: true,
        disabledCommands: ['STARTTLS'],
        logger: false,
        onData(stream, _session, callback) {
          simpleParser(stream)
            .then((parsed) => {
              const to = [parsed.to]
                .flat()
                .map((a) => (a && 'text' in a ? a.text : ''))
                .join(',')
                .toLowerCase();
              mailbox.messages.push({ to, subject: parsed.subject ?? '', text: parsed.text ?? '' });
              callback();
            })
            .catch(callback);
        },
      });
      const smtpPort = await getPort();
      await new Promise<void>((resolve) => smtp.listen(smtpPort, '127.0.0.1', resolve));

      const port = await getPort();
      const dataDir = mkdtempSync(path.join(tmpdir(), 'portal-e2e-'));
      // Opens /metrics, where a restart sees the housekeeping's first round done.
      const metricsToken = randomBytes(16).toString('hex');
      const startServer = (clockAheadMs: number): ChildProcess =>
        spawn(process.execPath, [...(clockAheadMs ? ['--import', SHIFTED_CLOCK] : []), 'dist/server/main.js'], {
          env: {
            ...process.env,
            NODE_ENV: 'test',
            PORT: String(port),
            HOST: '127.0.0.1',
            DATA_DIR: dataDir,
            DATABASE_URL: '',
            SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
            ADMIN_EMAIL: ADMIN.email,
            ADMIN_PASSWORD: ADMIN.password,
            LOG_LEVEL: 'warn',
            // The whole suite is many people arriving from one address: the limits are tested in the API tests.
            RATE_LIMIT_SIGNUP: '1000',
            RATE_LIMIT_LOGIN: '1000',
            // The staff account signs in for most journeys.
            RATE_LIMIT_LOGIN_ACCOUNT: '1000',
            RATE_LIMIT_CODES: '1000',
            RATE_LIMIT_FORMS: '1000',
            RATE_LIMIT_BOOKING: '1000',
            RATE_LIMIT_CONTACT: '1000',
            RATE_LIMIT_VERIFY: '1000',
            RATE_LIMIT_PAYMENT_CALLBACK: '1000',
            RATE_LIMIT_PAGE_DRAWS: '1000',
            RATE_LIMIT_LARGE_PHOTOS: '1000',
            METRICS_TOKEN: metricsToken,
            // No load balancer to tell: a restart need not wait for one.
            READINESS_DRAIN_MS: '0',
            E2E_CLOCK_AHEAD_MS: String(clockAheadMs),
            ...paystackEnv,
          },
          stdio: ['ignore', 'inherit', 'inherit'],
        });
      const baseURL = `http://127.0.0.1:${port}`;
      let server = startServer(0);
      const stop = async () => {
        if (server.exitCode === null && server.signalCode === null) {
          const exited = new Promise((resolve) => server.once('exit', resolve));
          server.kill('SIGTERM');
          await exited;
        }
      };
      await waitUntilUp(baseURL, server);
      if (paystack) paystack.webhookUrl = `${baseURL}/api/payments/paystack/webhook`;
      const portal: Portal = {
        baseURL,
        mailbox,
        paystack,
        clockAheadMs: 0,
        async restart({ clockAheadMs = 0 } = {}) {
          await stop();
          server = startServer(clockAheadMs);
          portal.clockAheadMs = clockAheadMs;
          await waitUntilUp(baseURL, server);
          await housekeepingDone(baseURL, server, metricsToken);
        },
      };
      await use(portal);
      await stop();
      await new Promise<void>((resolve) => smtp.close(() => resolve()));
      rmSync(dataDir, { recursive: true, force: true });
      await paystack?.close();
    },
    { scope: 'worker', timeout: machineBudget(150_000) },
  ],
  // A journey that moved the portal's clock gives the next ones a portal on the true time again.
  restartPortal: async ({ portal }, use) => {
    await use(portal.restart);
    if (portal.clockAheadMs !== 0) await portal.restart();
  },
  baseURL: async ({ portal }, use) => use(portal.baseURL),
  mailbox: async ({ portal }, use) => use(portal.mailbox),
  paystack: async ({ portal }, use) => {
    if (!portal.paystack) throw new Error('this file pays online: test.use({ withPaystack: true })');
    await use(portal.paystack);
  },
});

async function waitUntilUp(baseURL: string, server: ChildProcess): Promise<void> {
  // A shared, busy CI machine can take a minute to start a fresh portal.
  const deadline = Date.now() + machineBudget(120_000);
  while (Date.now() < deadline) {
    if (server.exitCode !== null) throw new Error(`portal exited with code ${server.exitCode}`);
    try {
      const response = await fetch(`${baseURL}/api/users/profile`);
      if (response.status === 401) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error('portal did not start within 120 s');
}

/** Until the portal's metrics show a housekeeping round gone through (the one run as it starts listening). */
async function housekeepingDone(baseURL: string, server: ChildProcess, metricsToken: string): Promise<void> {
  const deadline = Date.now() + machineBudget(60_000);
  while (Date.now() < deadline) {
    if (server.exitCode !== null) throw new Error(`portal exited with code ${server.exitCode}`);
    const response = await fetch(`${baseURL}/metrics`, { headers: { authorization: `Bearer ${metricsToken}` } });
    if (/^portal_job_last_success_timestamp_seconds\{job="housekeeping"\} /m.test(await response.text())) return;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error('the restarted portal did not finish its first housekeeping round within 60 s');
}

let memberCounter = 0;
/** Fresh sign-up details for a journey. */
export function newMember() {
  memberCounter += 1;
  const n = `${Date.now() % 100000}${memberCounter}`.padStart(7, '0').slice(-7);
  return {
    name: 'Ngozi Adeyemi',
    email: `ngozi${n}@example.com`,
    phone: `0805${n}`,
    dob: '1996-03-09',
    password: 'member-password-1',
  };
}

export async function phoneViewport(page: Page): Promise<void> {
  await page.setViewportSize({ width: 360, height: 740 });
}

export { expect };

/** A long journey's own time budget (the default is a minute), grown with the machine's load as every budget is. */
export const journeyBudget = machineBudget;
