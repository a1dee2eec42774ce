import type { FastifyBaseLogger } from 'fastify';
import nodemailer from 'nodemailer';
import type { Config } from '../config.js';
import type { Database } from '../db/client.js';
import { claimDueMail, markFailed, markSent, type MailMessage } from './outbox.js';

export interface MailTransport {
  send(message: MailMessage & { from: string }): Promise<void>;
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
  const transporter = nodemailer.createTransport(smtpUrl);
  return {
    async send(message) {
      await transporter.sendMail(message);
    },
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
}

const MAX_RETRY_MS = 15 * 60 * 1000;
const BATCH = 20;

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

  async function deliverBatch(): Promise<number> {
    const rows = await claimDueMail(options.db, BATCH);
    for (const row of rows) {
      try {
        await options.transport.send({ from: options.from, to: row.to, subject: row.subject, text: row.text, html: row.html });
        await markSent(options.db, row);
      } catch (error) {
        const retryIn = Math.min(options.retryBaseMs * 2 ** row.attempts, MAX_RETRY_MS);
        options.log.warn({ outboxId: row.id, attempts: row.attempts + 1, retryIn, err: (error as Error).message }, 'mail delivery failed; will retry');
        await markFailed(options.db, row, (error as Error).message, retryIn);
      }
    }
    return rows.length;
  }

  function run() {
    if (running) {
      again = true;
      return;
    }
    running = (async () => {
      try {
        while ((await deliverBatch()) === BATCH && !stopped);
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
