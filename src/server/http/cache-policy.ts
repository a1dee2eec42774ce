import type { FastifyInstance } from 'fastify';

/**
 * Who may keep a copy of an answer. An /api answer is kept by nobody unless its route says
 * otherwise: the few whose answer is the same whoever asks (the site's details, the plans, public
 * images) set their own Cache-Control; every other, and every error, gets `no-store`. Any answer
 * that sets a cookie (a drawn page that gives a first-time visitor the security token, say) is
 * `private`: a shared cache must never hand one visitor's cookie to another. Registered after the
 * hooks that write cookies (CSRF), so it sees them.
 */
export function registerCachePolicy(app: FastifyInstance): void {
  app.addHook('onSend', async (request, reply, payload) => {
    const current = reply.getHeader('cache-control');
    if (current === undefined) {
      if (request.url.startsWith('/api/')) reply.header('Cache-Control', 'no-store');
      return payload;
    }
    if (reply.hasHeader('set-cookie')) reply.header('Cache-Control', privately(String(current)));
    return payload;
  });
}

/** The same directives for the browser only: `public` goes, `private` comes first. */
function privately(cacheControl: string): string {
  const directives = cacheControl
    .split(',')
    .map((directive) => directive.trim())
    .filter(Boolean);
  if (directives.some((directive) => /^(private|no-store)$/i.test(directive))) return cacheControl;
  return ['private', ...directives.filter((directive) => directive.toLowerCase() !== 'public')].join(', ');
}
