import type { FastifyInstance } from 'fastify';
import { backUpEmbeddedWhenDue } from './backups/backups.js';
import { deleteExpiredSessions } from './auth/sessions.js';
import { deleteForgottenGuesses } from './auth/wrong-guesses.js';
import type { AppContext } from './context.js';
import { sweepOrphanFiles } from './files/files-service.js';
import { deleteExpiredKeys } from './idempotency/key-store.js';
import { expireAbandonedCheckouts } from './ledger/expire-checkouts.js';
import { deleteFinishedMail } from './mail/outbox.js';
import { sendMembershipReminders } from './membership/reminders.js';
import { endGuardianLinksAtAdulthood } from './privacy/guardian-service.js';
import { applyRetention } from './privacy/retention.js';
import { deleteExpiredConfirmations } from './talent/booking-service.js';

const HOUR = 60 * 60 * 1000;

/**
 * Clean-up that keeps the data tidy and no older than it must be: orphaned upload bytes, expired
 * sessions, runs of wrong passwords and codes a day old, mail delivered or given up on longer ago than the retention period, booking requests never confirmed,
 * submissions' kept answers past their 24 hours (idempotency keys),
 * rejected slips and handled submissions' files past their retention (privacy/retention.ts);
 * the guardian links of members who turned 18; the membership reminders due; and online checkouts
 * left pending (verified with Paystack, then booked or expired: ledger/expire-checkouts.ts); and
 * the embedded database's backup when one is due (backups/backups.ts).
 * Run by one process at a time when several share the database.
 */
export async function runHousekeeping(ctx: AppContext): Promise<void> {
  const orphans = await sweepOrphanFiles(ctx, ctx.config.orphanGraceMs);
  if (orphans > 0) ctx.log.info({ orphans }, 'removed upload bytes that no record refers to');
  await deleteExpiredSessions(ctx);
  await deleteForgottenGuesses(ctx);
  await deleteFinishedMail(ctx.db, new Date(Date.now() - ctx.config.mail.retentionMs));
  await deleteExpiredConfirmations(ctx.db);
  await deleteExpiredKeys(ctx);
  const removed = await applyRetention(ctx);
  if (removed.slips + removed.submissionFiles > 0) ctx.log.info(removed, 'removed files past their retention period');
  const adults = await endGuardianLinksAtAdulthood(ctx);
  if (adults > 0) ctx.log.info({ adults }, 'guardian links ended: members turned 18');
  const reminders = await sendMembershipReminders(ctx);
  ctx.tallies.succeeded('reminders');
  if (reminders > 0) ctx.log.info({ reminders }, 'membership reminders sent');
  const checkouts = await expireAbandonedCheckouts(ctx);
  if (checkouts.booked + checkouts.expired > 0) ctx.log.info(checkouts, 'stale online checkouts settled');
  const backup = await backUpEmbeddedWhenDue(ctx);
  if (backup) ctx.log.info({ backup }, 'embedded database backed up');
}

/**
 * Runs the housekeeping once the port is open (a long first round never delays the first answers
 * to the load balancer's probes), then hourly.
 */
export function startHousekeeping(app: FastifyInstance, ctx: AppContext): void {
  const run = async () => {
    try {
      await ctx.runAlone('housekeeping', async () => {
        await runHousekeeping(ctx);
        ctx.tallies.succeeded('housekeeping');
      });
    } catch (error) {
      ctx.log.warn({ err: error }, 'housekeeping failed; it runs again in an hour');
    }
  };
  let timer: NodeJS.Timeout | undefined;
  app.addHook('onListen', async () => {
    void run();
    timer = setInterval(() => void run(), HOUR);
    timer.unref();
  });
  app.addHook('onClose', async () => clearInterval(timer));
}
