import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { SUCCESS } from '../../shared/messages.js';
import { loginSchema, signupSchema } from '../../shared/schemas/users.js';
import type { AppContext } from '../context.js';
import { HttpError } from '../http/errors.js';
import { loadUserView, toUserView } from '../profile/user-view.js';
import { login, signup } from './auth-service.js';
import { clearSessionCookie, createSession, deleteSession, SESSION_COOKIE, setSessionCookie } from './sessions.js';

const FIFTEEN_MINUTES = 15 * 60 * 1000;
const TOO_MANY = 'Too many attempts. Please wait a few minutes and try again.';

export function authRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      '/api/users/signup',
      {
        schema: { body: signupSchema },
        config: { rateLimit: { max: ctx.config.rateLimits.signup, timeWindow: FIFTEEN_MINUTES, errorResponseBuilder: tooMany } },
      },
      async (request, reply) => {
        const user = await signup(ctx, request.body);
        await startSession(request.cookies[SESSION_COOKIE], user.id, reply);
        return reply.status(201).send({ message: SUCCESS.signup, user: toUserView(user) });
      },
    );

    app.post(
      '/api/users/login',
      {
        schema: { body: loginSchema },
        config: {
          // Counted per address and account, after the body is read: members behind one
          // carrier-grade NAT do not lock each other out, a password-guessing burst is stopped.
          rateLimit: {
            max: ctx.config.rateLimits.login,
            timeWindow: FIFTEEN_MINUTES,
            hook: 'preHandler',
            keyGenerator: (request) => `${request.ip}|${(request.body as { identifier?: string } | undefined)?.identifier?.toLowerCase() ?? ''}`,
            errorResponseBuilder: tooMany,
          },
        },
      },
      async (request, reply) => {
        const user = await login(ctx, request.body);
        await startSession(request.cookies[SESSION_COOKIE], user.id, reply);
        return { message: SUCCESS.login, user: await loadUserView(ctx, user) };
      },
    );

    app.post('/api/users/logout', async (request, reply) => {
      const token = request.cookies[SESSION_COOKIE];
      if (token) await deleteSession(ctx, token);
      clearSessionCookie(reply);
      return { message: SUCCESS.loggedOut };
    });

    /** A new token at every sign-in; the one the browser held before is ended. */
    async function startSession(previousToken: string | undefined, userId: string, reply: Parameters<typeof setSessionCookie>[1]) {
      if (previousToken) await deleteSession(ctx, previousToken);
      setSessionCookie(ctx, reply, await createSession(ctx, userId));
    }
  };
}

function tooMany() {
  return new HttpError(429, TOO_MANY);
}
