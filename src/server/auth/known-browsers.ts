import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../context.js';
import type { Guesser } from './wrong-guesses.js';

/**
 * A browser that signed in to an account keeps a mark of it, so that strangers' wrong guesses at
 * the account never make its owner wait there (wrong-guesses.ts; docs/decisions/024). The mark
 * is a random id and its HMAC with the account's id: nothing is stored, and a mark made for one
 * account is nobody's for another.
 */
function cookieName(config: Pick<AppContext['config'], 'env'>): string {
  return config.env === 'production' ? '__Host-known' : 'known';
}
const KEPT_MS = 365 * 24 * 60 * 60 * 1000;

function mac(ctx: AppContext, userId: string, id: string): Buffer {
  return createHmac('sha256', ctx.config.sessionSecret).update(`known-browser:${userId}:${id}`).digest();
}

/** The browser's mark as it came, to check against the account a guess is at once that is known. */
export function browserMark(ctx: AppContext, request: FastifyRequest): string | undefined {
  return request.cookies[cookieName(ctx.config)];
}

/** At a sign-in: this browser is the account's from now on (the last account signed in to, on a shared one). */
export function rememberBrowser(ctx: AppContext, reply: FastifyReply, userId: string): void {
  const id = randomBytes(16).toString('base64url');
  reply.setCookie(cookieName(ctx.config), `${id}.${mac(ctx, userId, id).toString('base64url')}`, {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure: ctx.config.env === 'production',
    maxAge: KEPT_MS / 1000,
  });
}

/** Who is guessing at the account: the browser, when its mark is this account's; else the account's strangers, together. */
export function guesserAt(ctx: AppContext, userId: string, mark: string | undefined): Guesser {
  const [id, given] = (mark ?? '').split('.');
  if (id && given) {
    const expected = mac(ctx, userId, id);
    const actual = Buffer.from(given, 'base64url');
    if (actual.length === expected.length && timingSafeEqual(actual, expected)) return { key: `browser:${id}`, userId };
  }
  return { key: userId, userId };
}
