import { sql, type SQL } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../context.js';
import { sessions, users } from '../db/schema.js';
import { unauthorized } from '../http/errors.js';
import { findSessionView } from '../profile/user-view.js';
import { requireActivated, requireUser } from './guards.js';

/** Who may make a write that checks its own session: any signed-in member, or an activated one. */
export type WriteAccess = 'user' | 'activated';

/** What a write's statement must find still true when it runs. */
export interface SessionGrant {
  sessionId: string;
  access: WriteAccess;
}

const GUARDS = { user: requireUser, activated: requireActivated } satisfies Record<WriteAccess, unknown>;

/**
 * The `from … where …` of a statement that writes only while a grant holds: the session (the
 * placeholder `sessionId`) still exists, has not expired and its member still has the access.
 */
export function grantingSession(access: WriteAccess): SQL {
  const activated = access === 'activated' ? sql` and ${users.status}` : sql``;
  return sql`from ${sessions} join ${users} on ${users.id} = ${sessions.userId}
    where ${sessions.id} = ${sql.placeholder('sessionId')} and ${sessions.expiresAt} > now()${activated}`;
}

/**
 * Runs a write authorised by its own statement (decision 007). The guard runs on the session view
 * the request was looked up with, possibly kept by this process; `write` answers null when its
 * statement found the grant no longer holds. Then the session is read afresh and the guard gives
 * the answer it would have given on the current rows (401 or 403), or the write is tried again.
 */
export async function writeWithSessionCheck<T>(
  ctx: AppContext,
  request: FastifyRequest,
  access: WriteAccess,
  write: (grant: SessionGrant) => Promise<T | null>,
): Promise<T> {
  const grant = (): SessionGrant => {
    requireAccess(request, access);
    if (!request.sessionId) throw unauthorized();
    return { sessionId: request.sessionId, access };
  };
  const first = grant();
  const written = await write(first);
  if (written !== null) return written;
  // The view the guard saw was stale: forget it, and decide again on the database's current rows.
  if (request.user) ctx.sessionViews.forgetMember(request.user.id);
  request.sessionView = await findSessionView(ctx, first.sessionId, { fresh: true });
  request.user = request.sessionView?.user ?? null;
  const retried = await write(grant());
  if (retried !== null) return retried;
  throw unauthorized();
}

/** The guard of a write that checks its own session, for the checks before it (401/403 before 400). */
export function requireAccess(request: FastifyRequest, access: WriteAccess): void {
  GUARDS[access](request);
}
