import type { FastifyInstance } from 'fastify';
import { deleteExpiredSessions } from './auth/sessions.js';
import type { AppContext } from './context.js';
import { sweepOrphanFiles } from './files/files-service.js';

const HOUR = 60 * 60 * 1000;

/**
 * Clean-up that keeps the data tidy: orphaned upload bytes and expired sessions, at start and
 * hourly, by one process at a time when several share the database.
 */
export async function startHousekeeping(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const run = async () => {
    try {
      await ctx.runAlone('housekeeping', async () => {
        const orphans = await sweepOrphanFiles(ctx, ctx.config.orphanGraceMs);
        if (orphans > 0) ctx.log.info({ orphans }, 'removed upload bytes that no record refers to');
        await deleteExpiredSessions(ctx);
      });
    } catch (error) {
      ctx.log.warn({ err: error }, 'housekeeping failed; it runs again in an hour');
    }
  };
  await run();
  const timer = setInterval(() => void run(), HOUR);
  timer.unref();
  app.addHook('onClose', async () => clearInterval(timer));
}
