import { randomBytes, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { keptHmac } from './kept-hmac.js';
import { forbidden } from './errors.js';

export const CSRF_HEADER = 'x-xsrf-token';
const UNSAFE = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * A member form's plain post (pages/form-posts.ts): its token is a field of the body, which is
     * not read yet when this check runs; the route hands the token on, as this header, to the form's
     * API route, which checks it here.
     */
    csrfInBody?: boolean;
    /**
     * An answer fetched by a program that keeps no cookies and sends no form (a calendar app's
     * feed): it gets no CSRF cookie, which such a client would only store or drop, and never use.
     */
    cookieless?: boolean;
  }
}

export interface CsrfOptions {
  production: boolean;
  /** Keys the tokens: without it nobody can make one. */
  secret: string;
  /** The session cookie's name: a signed-in browser's token is bound to it. */
  sessionCookie: string;
}

/**
 * The cookie the page reads the token from, and the httpOnly one holding the random value a
 * browser's token is bound to before sign-in. `__Host-` in production: only this origin, over
 * HTTPS, can set them. XSRF-TOKEN elsewhere, as the spec names it.
 */
export function csrfCookieNames(production: boolean): { token: string; preSession: string } {
  return production ? { token: '__Host-XSRF-TOKEN', preSession: '__Host-presession' } : { token: 'XSRF-TOKEN', preSession: 'presession' };
}

/**
 * Signed double-submit (OWASP): the token is the HMAC, under the server's secret, of the browser's
 * session cookie, or before sign-in of a random pre-session value in an httpOnly cookie. The page
 * reads it from its cookie and echoes it in X-XSRF-TOKEN on every unsafe method. A cross-site page
 * can neither read the cookie nor set the header, and without the secret nobody can choose a token
 * or carry one to another session. The token is issued at the end of each answer for the session
 * the browser holds after it (sign-in and sign-out get a new one), never on an answer a shared cache
 * may keep.
 */
export function registerCsrf(app: FastifyInstance, options: CsrfOptions): { tokenOf: (request: FastifyRequest) => string | undefined } {
  const names = csrfCookieNames(options.production);
  // Every answer carries the token of its session: the recent sessions' tokens are kept.
  const mac = keptHmac(options.secret);
  const tokenFor = (binding: string) => mac(`csrf|${binding}`);
  const bindingOf = (request: FastifyRequest) => request.cookies[options.sessionCookie] || request.cookies[names.preSession];
  const cookie = (name: string, value: string, httpOnly: boolean) =>
    app.serializeCookie(name, value, { path: '/', sameSite: 'lax', secure: options.production, httpOnly });

  // Stryker disable next-line StringLiteral: read when the test portals are built in beforeAll, before Stryker switches a mutant on; applied by hand, "hook not supported!" fails every test file.
  app.addHook('onRequest', async (request) => {
    if (!UNSAFE.has(request.method)) return;
    // A payment service's webhook carries its own signature instead (ledger/paystack-routes.ts).
    if (request.routeOptions.config.signedWebhook) return;
    if (request.routeOptions.config.csrfInBody) return;
    const binding = bindingOf(request);
    const header = request.headers[CSRF_HEADER];
    if (!binding || typeof header !== 'string' || !sameToken(header, tokenFor(binding))) {
      throw forbidden('Missing or invalid security token. Reload the page and try again.');
    }
  });

  // Stryker disable next-line StringLiteral: as the onRequest hook's name above.
  app.addHook('onSend', async (request, reply, payload) => {
    if (publiclyCacheable(reply) || request.routeOptions.config.cookieless) return payload;
    const set: string[] = [];
    let binding = sessionAfterAnswer(request, reply, options.sessionCookie) || request.cookies[names.preSession];
    if (!binding) {
      binding = randomBytes(24).toString('base64url');
      set.push(cookie(names.preSession, binding, true));
    }
    const token = tokenFor(binding);
    if (request.cookies[names.token] !== token) set.push(cookie(names.token, token, false));
    // @fastify/cookie has written its cookies by now; Fastify appends these to them.
    if (set.length > 0) reply.header('set-cookie', set);
    return payload;
  });

  // Stryker disable next-line ObjectLiteral: made when the test portals are built in beforeAll, before Stryker switches a mutant on; applied by hand ({}), every test of form-posts.test.ts fails.
  return {
    /** The token for the session the request carries, for a page that sends it in a form field. */
    tokenOf: (request) => {
      const binding = bindingOf(request);
      return binding ? tokenFor(binding) : undefined;
    },
  };
}

function publiclyCacheable(reply: FastifyReply): boolean {
  // Stryker disable next-line Regex,StringLiteral: the portal's Cache-Control values name public first or not at all; no other text stands for a missing header.
  return /(^|,)\s*public\b/i.test(String(reply.getHeader('cache-control') ?? ''));
}

/** The session cookie the browser holds once this answer is in: the one it sets or clears, else the one it sent. */
function sessionAfterAnswer(request: FastifyRequest, reply: FastifyReply, name: string): string | undefined {
  // Stryker disable next-line ArrayDeclaration: a stand-in for no cookies starts with no cookie's name either.
  const outgoing = [reply.getHeader('set-cookie') ?? []].flat().map(String);
  const line = outgoing.findLast((cookie) => cookie.startsWith(`${name}=`));
  if (line === undefined) return request.cookies[name];
  // A cleared cookie's value is empty, which the caller takes as no session.
  // Stryker disable next-line StringLiteral: split always gives a first element.
  return decodeURIComponent(line.slice(name.length + 1).split(';')[0] ?? '');
}

function sameToken(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}
