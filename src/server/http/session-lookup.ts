import type { FastifyInstance } from 'fastify';
import { SESSION_COOKIE } from '../auth/sessions.js';
import type { AppContext } from '../context.js';
import { findSessionView } from '../profile/user-view.js';

/** Sets `request.user` for API calls from the session cookie (routes with `skipSession` read it themselves). */
export function registerSessionLookup(app: FastifyInstance, ctx: AppContext): void {
  // Reads may use the session view this process keeps; a change is authorised on the database's current rows.
  app.addHook('onRequest', async (request) => {
    const token = request.cookies[SESSION_COOKIE];
    if (!token || !request.url.startsWith('/api/') || request.routeOptions.config.skipSession) return;
    request.sessionView = await findSessionView(ctx, token, { fresh: !isRead(request.method) });
    request.user = request.sessionView?.user ?? null;
  });

  // A member's own change (profile, advert, password, sign-out) shows in their next read at once,
  // without waiting for the database's notification to reach this process.
  app.addHook('onSend', async (request) => {
    if (request.user && !isRead(request.method)) ctx.sessionViews.forgetMember(request.user.id);
  });
}

function isRead(method: string): boolean {
  return method === 'GET' || method === 'HEAD';
}
