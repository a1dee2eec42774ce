import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { todayInLagos } from '../../shared/dates.js';
import type { MemberAd } from '../../shared/schemas/ads.js';
import type { AppContext } from '../context.js';
import { type NotifyChannel, preparedPerDatabase } from '../db/client.js';
import { KeptReads, readThrough } from '../db/kept-reads.js';
import type { ads } from '../db/schema.js';
import { latestAdOf, toMemberAd } from './ads-service.js';

/** Sent by a trigger on `ads` (drizzle/0005) with the owner's id, at commit; a click does not send it. */
const CHANGED_CHANNEL: NotifyChannel = 'ad_changed';

const latestAdQuery = preparedPerDatabase((db) => latestAdOf(db, sql.placeholder('userId')).prepare('member_latest_ad'));

export interface KeptMemberAds {
  /** The member's latest advert as their dashboard shows it, kept by this process until it changes. */
  find(userId: string): Promise<MemberAd | null>;
}

/**
 * Every dashboard load reads the member's advert with their profile. Each process keeps it, as
 * the sessions are kept (decision 008), for a minute at most: its click count may lag by that.
 */
export async function keepMemberAds(app: FastifyInstance, ctx: AppContext): Promise<KeptMemberAds> {
  const kept = new KeptReads<{ ad: typeof ads.$inferSelect | null }>({ ttlMs: 60_000, maxEntries: 10_000 });
  // One answer for a kept row and a day, so the profile read can keep the JSON it made (profile/routes.ts).
  const shown = new WeakMap<typeof ads.$inferSelect, { today: string; ad: MemberAd }>();
  app.addHook('onClose', await ctx.listen(CHANGED_CHANNEL, kept.channelHandlers));
  return {
    async find(userId) {
      const row = await readThrough(kept, userId, async () => {
        const [ad] = await latestAdQuery(ctx.db).execute({ userId });
        return { value: { ad: ad ?? null }, group: userId };
      });
      if (!row?.ad) return null;
      // The advert's status depends on today's date.
      const today = todayInLagos(ctx.clock());
      let answer = shown.get(row.ad);
      if (answer?.today !== today) {
        answer = { today, ad: toMemberAd(row.ad, today) };
        shown.set(row.ad, answer);
      }
      return answer.ad;
    },
  };
}
