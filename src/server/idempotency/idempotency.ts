import { createHash } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { sessionCookieName } from '../auth/sessions.js';
import type { AppContext } from '../context.js';
import { csrfCookieNames } from '../http/csrf.js';
import { badRequest } from '../http/errors.js';
import { type Claim, claimKey, type KeyTarget, recordAnswer, releaseKey } from './key-store.js';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The route stores something: a request with an Idempotency-Key is handled once per key. */
    idempotent?: boolean;
    /** Called by a payment service, not a browser: no CSRF token, its signature is checked instead. */
    signedWebhook?: boolean;
  }
  interface FastifyRequest {
    /** The key this request holds while it is handled. */
    idempotencyClaim: Claim | null;
  }
}

export const IDEMPOTENCY_HEADER = 'idempotency-key';
/** Marks an answer given again from the store rather than by handling the request. */
export const REPLAYED_HEADER = 'idempotent-replayed';

const KEY_PATTERN = /^[\x21-\x7e]{1,255}$/;
const POLL_MS = 100;

const TEXT = {
  badKey: 'The Idempotency-Key header must be 1 to 255 visible characters.',
  otherRequest: 'This Idempotency-Key was already used for a different request. Send a new key with a new submission.',
  inProgress: 'This submission is still being processed. Please wait a moment; it will not be stored twice.',
};

/**
 * Routes with `config: { idempotent: true }` take an optional Idempotency-Key header: the first
 * request with a key is handled, and its answer (when it succeeded) is given again to any request
 * with the same key, scope and path for 24 hours; a retry arriving while the first is still being
 * handled waits for its answer. Why and how: docs/decisions/013-idempotency-keys.md.
 */
export function registerIdempotency(app: FastifyInstance, ctx: AppContext): void {
  // Stryker disable next-line StringLiteral: declares the property Fastify gives every request, for one object shape; set undeclared, it works the same.
  app.decorateRequest('idempotencyClaim', null);

  // Stryker disable next-line StringLiteral: an empty hook name stops the portal's start ("hook not supported"); Stryker's Vitest runner reads the failed beforeAll as no failed test.
  app.addHook('preHandler', async (request, reply) => {
    if (!request.routeOptions.config.idempotent) return;
    const header = request.headers[IDEMPOTENCY_HEADER];
    if (header === undefined) return;
    // Stryker disable next-line ConditionalExpression: Node joins a repeated header into one string; only set-cookie comes as a list.
    if (typeof header !== 'string') throw badRequest(TEXT.badKey);
    if (!KEY_PATTERN.test(header)) throw badRequest(TEXT.badKey);
    const target = targetOf(ctx, request, header);
    // Stryker disable next-line ConditionalExpression: the CSRF check has refused an unsafe request with neither cookie before this hook.
    if (!target) return;

    const fingerprint = fingerprintOf(request);
    const deadline = Date.now() + ctx.config.idempotencyWaitMs;
    for (;;) {
      const state = await claimKey(ctx, target, fingerprint);
      if (state.kind === 'claimed') {
        request.idempotencyClaim = state.claim;
        return;
      }
      if (state.kind === 'answered') return reply.status(state.status).header(REPLAYED_HEADER, 'true').send(state.body);
      if (state.kind === 'other-request') return reply.status(422).send({ message: TEXT.otherRequest });
      // Stryker disable next-line EqualityOperator: `>` only differs on the deadline's own millisecond, which the 100 ms polls do not land on.
      if (Date.now() >= deadline) return reply.status(409).header('Retry-After', '2').send({ message: TEXT.inProgress });
      await sleep(POLL_MS);
    }
  });

  // Stryker disable next-line StringLiteral: as the preHandler's name above.
  app.addHook('onSend', async (request, reply, payload) => {
    const claim = request.idempotencyClaim;
    // Stryker disable next-line ConditionalExpression: settling no claim throws in the try below, so the answer is the same; only the log differs.
    if (!claim) return payload;
    request.idempotencyClaim = null;
    try {
      await settle(ctx, claim, reply, payload);
    } catch (error) {
      // The answer still goes out; the key stays held until it counts as abandoned (key-store.ts).
      request.log.warn({ err: error }, 'the answer to an idempotent request could not be kept');
    }
    return payload;
  });
}

/** A success is kept for the retries; any other answer stored nothing (every refusal changes nothing), so the key is let go. */
async function settle(ctx: AppContext, claim: Claim, reply: FastifyReply, payload: unknown): Promise<void> {
  const succeeded = Math.floor(reply.statusCode / 100) === 2;
  if (!succeeded) return releaseKey(ctx, claim);
  // Stryker disable next-line ConditionalExpression: every idempotent route answers JSON, serialised to a string before onSend.
  if (typeof payload !== 'string') return releaseKey(ctx, claim);
  await recordAnswer(ctx, claim, reply.statusCode, JSON.parse(payload));
}

/**
 * Keys belong to the signed-in member, or to the anonymous browser (its pre-session cookie, which
 * the CSRF check binds every unsafe request to), and to the path.
 */
function targetOf(ctx: AppContext, request: FastifyRequest, key: string): KeyTarget | null {
  const route = `${request.method} ${request.url.split('?')[0]}`;
  if (request.user) return { scope: `user:${request.user.id}`, route, key, userId: request.user.id };
  const browser = request.cookies[csrfCookieNames(ctx.config.env === 'production').preSession] ?? request.cookies[sessionCookieName(ctx.config)];
  // Stryker disable next-line ConditionalExpression: the CSRF check has refused an unsafe request with neither cookie before this hook.
  if (!browser) return null;
  return { scope: `anon:${sha256(browser)}`, route, key, userId: null };
}

/**
 * What the request asked for, to refuse a key reused for something else. JSON: the body as
 * parsed, in the order sent. Multipart is streamed to the handler after this point, so only its
 * length is compared (a retry sends the same bytes; another file almost always differs in size).
 */
function fingerprintOf(request: FastifyRequest): string {
  if (request.isMultipart()) {
    // Stryker disable next-line StringLiteral: any fixed stand-in for a missing length compares the same.
    const length = request.headers['content-length'] ?? 'unknown';
    return `multipart:${length}`;
  }
  return sha256(`json:${JSON.stringify(request.body ?? null)}`);
}

function sha256(text: string): string {
  return createHash('sha256').update(text).digest('base64url');
}
