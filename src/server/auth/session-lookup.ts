import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppContext } from '../context.js';
import { type NotifyChannel, preparedPerDatabase } from '../db/client.js';
import { KeptReads, readThrough } from '../db/kept-reads.js';
import { sessions, users } from '../db/schema.js';
import { type AuthUser, hashToken, publicUserColumns, sessionCookieName } from './sessions.js';

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in user, or null: set for every API call by the session lookup. */
    user: AuthUser | null;
    /** The stored id (HMAC) of the session cookie's token, when one was sent. */
    sessionId: string | null;
  }
  interface FastifyInstance {
    /** The sessions this process keeps; the tests look at it. */
    keptSessions: KeptReads<AuthUser>;
  }
}

/** Sent by triggers on `users` and `sessions` (drizzle/0005) with the member's id, at commit. */
const CHANGED_CHANNEL: NotifyChannel = 'session_changed';

// The session and its user in one round trip.
const sessionUserQuery = preparedPerDatabase((db) =>
  db
    .select({ user: publicUserColumns, expiresAt: sessions.expiresAt })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    // A disabled account's sessions are deleted with it; this refuses any that a race left.
    .where(and(eq(sessions.id, sql.placeholder('id')), gt(sessions.expiresAt, sql`now()`), isNull(users.disabledAt)))
    .limit(1)
    .prepare('session_user'),
);

/**
 * Sets `request.user` for every API call from the session cookie, from the session this process
 * keeps until PostgreSQL notifies a change to the member or their sessions. A change this process
 * makes is heard before its statement answers, so the member's next request sees it; the staff
 * console reads PostgreSQL's current rows every time.
 * Why: docs/decisions/008-one-session-lookup-kept-until-notified.md and 016-a-process-hears-its-own-changes.md.
 */
export async function registerSessionLookup(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const kept = new KeptReads<AuthUser>({ ttlMs: 60_000, maxEntries: 10_000 });
  app.decorate('keptSessions', kept);
  app.decorateRequest('user', null);
  app.decorateRequest('sessionId', null);
  app.addHook('onClose', await ctx.listen(CHANGED_CHANNEL, kept.channelHandlers));

  const findSessionUser = (sessionId: string, fresh: boolean) =>
    readThrough(
      kept,
      sessionId,
      async () => {
        const [row] = await sessionUserQuery(ctx.db).execute({ id: sessionId });
        return row ? { value: row.user, group: row.user.id, validUntil: row.expiresAt.getTime() } : null;
      },
      { fresh },
    );

  app.addHook('onRequest', async (request) => {
    const token = request.cookies[sessionCookieName(ctx.config)];
    if (!token || !request.url.startsWith('/api/')) return;
    request.sessionId = hashToken(ctx.config.sessionSecret, token);
    request.user = await findSessionUser(request.sessionId, isConsole(request));
  });
}

/** The staff console reads and changes members' private data: a disabled or demoted staff member is refused there without waiting for a notification. */
function isConsole(request: FastifyRequest): boolean {
  return request.url.startsWith('/api/admin/');
}
