import type { FastifyInstance, FastifyRequest } from 'fastify';
import { hashToken, SESSION_COOKIE } from '../auth/sessions.js';
import type { AppContext } from '../context.js';
import { findSessionView } from '../profile/user-view.js';

/** Sets `request.user` for API calls from the session cookie (routes with `skipSession` read it themselves). */
export function registerSessionLookup(app: FastifyInstance, ctx: AppContext): void {
  // Reads may use the session view this process keeps; a change is authorised on the database's
  // current rows: read before it, or checked by the change's own statement (`writeChecksSession`).
  app.addHook('onRequest', async (request) => {
    const token = request.cookies[SESSION_COOKIE];
    if (!token || !request.url.startsWith('/api/') || request.routeOptions.config.skipSession) return;
    request.sessionId = hashToken(ctx.config.sessionSecret, token);
    request.sessionView = await findSessionView(ctx, request.sessionId, { fresh: changesMember(request) });
    request.user = request.sessionView?.user ?? null;
  });

  // A member's own change (profile, advert, password, sign-out) shows in their next read at once,
  // without waiting for the database's notification to reach this process.
  app.addHook('onSend', async (request) => {
    if (request.user && changesMember(request)) ctx.sessionViews.forgetMember(request.user.id);
  });
}

/**
 * A change that may make the member's session view stale: authorised on rows read afresh, and the
 * member's kept views forgotten once it is answered. A form checks its session in its own INSERT
 * and changes nothing in the view.
 */
function changesMember(request: FastifyRequest): boolean {
  const read = request.method === 'GET' || request.method === 'HEAD';
  return !read && !request.routeOptions.config.writeChecksSession;
}
