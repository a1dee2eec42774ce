import { randomBytes } from 'node:crypto';
import { eq, getTableColumns, lt } from 'drizzle-orm';
import type { FastifyReply } from 'fastify';
import type { AppContext } from '../context.js';
import type { Executor } from '../db/client.js';
import { sessions, users } from '../db/schema.js';
import { keptHmac } from '../http/kept-hmac.js';

/** `__Host-` in production: only this origin, over HTTPS, can set it (no sibling subdomain). */
export function sessionCookieName(config: Pick<AppContext['config'], 'env'>): string {
  return config.env === 'production' ? '__Host-sid' : 'sid';
}

const { passwordHash: _hidden, ...publicUserColumns } = getTableColumns(users);
/** A user row as the server works with it: every column but the password hash. */
export type AuthUser = Omit<typeof users.$inferSelect, 'passwordHash'>;
export { publicUserColumns };

const tokenHashes = new Map<string, (token: string) => string>();

/**
 * The stored id of a session: the HMAC of the cookie's token, so a leaked table signs nobody in.
 * Asked for every API call, so the recent tokens' ids are kept (`keptHmac`).
 */
export function hashToken(secret: string, token: string): string {
  let hash = tokenHashes.get(secret);
  if (!hash) tokenHashes.set(secret, (hash = keptHmac(secret)));
  return hash(token);
}

/** Starts a session and returns the token for the cookie; only its HMAC is stored. Every sign-in comes here, so it is the last sign-in. */
export async function createSession(ctx: AppContext, userId: string, db: Executor = ctx.db): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  await db.insert(sessions).values({
    id: hashToken(ctx.config.sessionSecret, token),
    userId,
    expiresAt: new Date(Date.now() + ctx.config.sessionTtlMs),
  });
  await db.update(users).set({ lastSignInAt: new Date() }).where(eq(users.id, userId));
  return token;
}

export async function deleteSession(ctx: AppContext, token: string): Promise<void> {
  await ctx.db.delete(sessions).where(eq(sessions.id, hashToken(ctx.config.sessionSecret, token)));
}

export async function deleteExpiredSessions(ctx: AppContext): Promise<void> {
  await ctx.db.delete(sessions).where(lt(sessions.expiresAt, new Date()));
}

export function setSessionCookie(ctx: AppContext, reply: FastifyReply, token: string): void {
  reply.setCookie(sessionCookieName(ctx.config), token, {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure: ctx.config.env === 'production',
    maxAge: Math.floor(ctx.config.sessionTtlMs / 1000),
  });
}

export function clearSessionCookie(ctx: AppContext, reply: FastifyReply): void {
  reply.clearCookie(sessionCookieName(ctx.config), { path: '/', secure: ctx.config.env === 'production' });
}
