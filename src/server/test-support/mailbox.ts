import { and, eq, isNull } from 'drizzle-orm';
import type { Executor } from '../db/client.js';
import { outbox } from '../db/schema.js';
import type { MailTransport } from '../mail/mail-worker.js';
import type { MailMessage } from '../mail/outbox.js';

/** A mail transport that keeps what it is given, and can be switched off to play an SMTP outage. */
export class TestMailbox {
  readonly sent: MailMessage[] = [];
  down = false;

  readonly transport: MailTransport = {
    send: async (message) => {
      if (this.down) throw new Error('connect ECONNREFUSED 127.0.0.1:2525');
      this.sent.push(message);
    },
  };

  async waitFor(predicate: (mail: MailMessage) => boolean, timeoutMs = 5000): Promise<MailMessage> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const found = [...this.sent].reverse().find(predicate);
      if (found) return found;
      if (Date.now() > deadline) throw new Error(`no matching mail; sent: ${this.sent.map((m) => `${m.to} ${m.subject}`).join(' | ')}`);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  }

  /** The 6-digit code in the newest mail to `to` whose subject matches. */
  async codeFor(to: string, subject: RegExp): Promise<string> {
    const mail = await this.waitFor((m) => m.to === to && subject.test(m.subject));
    const code = /\b(\d{6})\b/.exec(mail.text)?.[1];
    if (!code) throw new Error(`no code in "${mail.subject}"`);
    return code;
  }

  countTo(to: string, subject: RegExp): number {
    return this.sent.filter((m) => m.to === to && subject.test(m.subject)).length;
  }
}

/**
 * Every mail ever queued to `to` whose subject matches, sent or not: a duplicate is a row the
 * moment its transaction commits, so counting rows needs no wait that a late duplicate could outlast.
 */
export async function outboxRowsTo(db: Executor, to: string, subject: RegExp): Promise<number> {
  const rows = await db.select({ subject: outbox.subject }).from(outbox).where(eq(outbox.to, to));
  return rows.filter((row) => subject.test(row.subject)).length;
}

/** Waits until the outbox has nothing left to send (each row sent or given up on), so the mailbox holds all it will. */
export async function outboxDrained(db: Executor, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const waiting = await db.$count(outbox, and(isNull(outbox.sentAt), isNull(outbox.deadAt)));
    if (waiting === 0) return;
    if (Date.now() > deadline) throw new Error(`${waiting} mail(s) still in the outbox after ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}
