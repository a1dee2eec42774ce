import type { FastifyBaseLogger } from 'fastify';
import nodemailer from 'nodemailer';
import type { Config } from '../config.js';
import type { Database } from '../db/client.js';
import { claimNextMail, markFailed, markSent, type MailMessage } from './outbox.js';

export interface MailTransport {
  send(message: MailMessage & { from: string }): Promise<void>;
  /** Closes pooled connections, if it keeps any. */
  close?(): void;
}

/**
 * Pooled SMTP connections, and timeouts that bound one delivery well inside the outbox lease
 * (outbox.ts), unless SMTP_URL's query sets them otherwise.
 */
const SMTP_DEFAULTS: Record<string, string> = {
  pool: 'true',
  maxConnections: '3',
  connectionTimeout: '30000',
  greetingTimeout: '30000',
  socketTimeout: '60000',
};

export function pooledSmtpUrl(smtpUrl: string): string {
  const url = new URL(smtpUrl);
  for (const [name, value] of Object.entries(SMTP_DEFAULTS)) if (!url.searchParams.has(name)) url.searchParams.set(name, value);
  return url.toString();
}

/**
 * SMTP when configured. Without it, in development and tests each message, code included, goes to
 * the server log for local work; in production only who it was for and what about, with a warning,
 * as a code in a log undoes hashing it.
 */
export function createTransport({ smtpUrl, env }: Pick<Config, 'smtpUrl' | 'env'>, log: FastifyBaseLogger): MailTransport {
  if (!smtpUrl) {
    return {
      async send(message) {
        const mail = { to: message.to, subject: message.subject };
        if (env !== 'production') log.info({ mail }, `mail (no SMTP_URL set):\n${message.text}`);
        else log.warn({ mail }, 'mail not delivered: no SMTP_URL set');
      },
    };
  }
  const transporter = nodemailer.createTransport(pooledSmtpUrl(smtpUrl));
  return {
    async send(message) {
      await transporter.sendMail(message);
    },
    close: () => transporter.close(),
  };
}

export interface MailWorker {
  /** Looks for due mail now instead of at the next tick (called after a change queued some). */
  nudge(): void;
  stop(): Promise<void>;
}

export interface MailWorkerOptions {
  db: Database;
  transport: MailTransport;
  from: string;
  log: FastifyBaseLogger;
  pollMs: number;
  retryBaseMs: number;
  /** After this many failed attempts a message is dead: kept for staff to see, never retried. */
  maxAttempts: number;
  /** Told each delivery's outcome (counted for /metrics). */
  onOutcome?: (outcome: 'sent' | 'retry' | 'dead') => void;
}

const MAX_RETRY_MS = 15 * 60 * 1000;

/** Delivers the outbox with retries and exponential backoff; nothing is lost while SMTP is down. */
export function startMailWorker(options: MailWorkerOptions): MailWorker {
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | undefined;
  let again = false;
  let stopped = false;

  const schedule = (delay: number) => {
    if (stopped) return;
    clearTimeout(timer);
    timer = setTimeout(run, delay);
    timer.unref();
  };

  /** Sends one due message; false when none is due. */
  async function deliverNext(): Promise<boolean> {
    const row = await claimNextMail(options.db);
    if (!row) return false;
    try {
      await options.transport.send({
        from: options.from,
        to: row.to,
        subject: row.subject,
        text: row.text,
        html: row.html,
        ...(row.replyTo ? { replyTo: row.replyTo } : {}),
      });
      await markSent(options.db, row);
      options.onOutcome?.('sent');
    } catch (error) {
      const retryIn = Math.min(options.retryBaseMs * 2 ** row.attempts, MAX_RETRY_MS);
      const message = (error as Error).message;
      const outcome = await markFailed(options.db, row, message, { inMs: retryIn, maxAttempts: options.maxAttempts });
      options.onOutcome?.(outcome);
      const details = { outboxId: row.id, attempts: row.attempts + 1, err: message };
      if (outcome === 'dead') options.log.error(details, 'mail delivery failed for the last time; staff see it on the console');
      else options.log.warn({ ...details, retryIn }, 'mail delivery failed; will retry');
    }
    return true;
  }

  function run() {
    if (running) {
      again = true;
      return;
    }
    running = (async () => {
      try {
        while (!stopped && (await deliverNext()));
      } catch (error) {
        options.log.error({ err: error }, 'mail worker tick failed');
      }
    })().finally(() => {
      running = undefined;
      if (again) {
        again = false;
        schedule(0);
      } else schedule(options.pollMs);
    });
  }

  schedule(0);
  return {
    nudge: () => schedule(0),
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await running;
    },
  };
}
