import { todayInLagos } from '../../shared/dates.js';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { SUCCESS } from '../../shared/messages.js';
import { forgotPasswordSchema, loginSchema, resetPasswordSchema, signupSchema } from '../../shared/schemas/users.js';
import { twoFactorCodeSchema } from '../../shared/schemas/staff.js';
import { recordAudit } from '../audit/audit.js';
import type { AppContext } from '../context.js';
import { HttpError } from '../http/errors.js';
import { loadUserView, toUserView } from '../profile/user-view.js';
import { accountLimit, TOO_MANY_ATTEMPTS } from '../auth/account-limits.js';
import { requestPasswordReset, RESET_REQUESTED, resetPassword } from '../auth/account-recovery.js';
import { findAccount, limitKey, login } from '../auth/auth-service.js';
import { signup } from './signup.js';
import { browserMark, rememberBrowser } from '../auth/known-browsers.js';
import { completeLoginChallenge, startLoginChallenge } from '../auth/login-challenge.js';
import { clearSessionCookie, createSession, deleteSession, sessionCookieName, setSessionCookie } from '../auth/sessions.js';
import { hasTwoFactor } from '../auth/two-factor.js';

const FIFTEEN_MINUTES = 15 * 60 * 1000;
const TWO_FACTOR_NEEDED = 'Enter the 6-digit code from your authenticator app to finish signing in.';
const PASSWORD_RESET_TWO_FACTOR_NEEDED = `Your password was changed. ${TWO_FACTOR_NEEDED}`;

export function authRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    const limits = ctx.config.rateLimits;
    const sessionCookie = sessionCookieName(ctx.config);
    // Password guessing is limited per account from one address (members behind one carrier-grade
    // NAT do not lock each other out), and slowed per account from all of them, however the phone
    // number is spelt (login: auth/wrong-guesses.ts).
    const loginFromAddress = accountLimit(app, 'login', limits.login);
    const resetToAccount = accountLimit(app, 'reset-account', limits.codes);
    // Many honest people sign up from one address (an audition on the venue's Wi-Fi, phones
    // behind one carrier address), so the address ceiling is high; what an automated mass
    // sign-up or a probe for registered contacts repeats is the email or phone number.
    const signupWithEmail = accountLimit(app, 'signup-email', limits.signupPerContact);
    const signupWithPhone = accountLimit(app, 'signup-phone', limits.signupPerContact);
    // The "already exists" answer tells whether a contact is registered: from one address it is
    // limited like the password-reset request, whichever contacts are tried.
    const takenFromAddress = accountLimit(app, 'signup-taken', limits.codes);
    const perAddress = (max: number) => ({ rateLimit: { max, timeWindow: FIFTEEN_MINUTES, errorResponseBuilder: tooMany } });

    app.post('/api/users/signup', { schema: { body: signupSchema }, config: perAddress(limits.signup) }, async (request, reply) => {
      await signupWithEmail(request, request.body.email);
      await signupWithPhone(request, request.body.phone);
      const user = await signup(ctx, request.body).catch(async (error: unknown) => {
        if (error instanceof HttpError && error.statusCode === 409) await takenFromAddress(request, request.ip);
        throw error;
      });
      await startSession(request.cookies[sessionCookie], user.id, reply);
      return reply.status(201).send({ message: SUCCESS.signup, user: toUserView(user, todayInLagos(ctx.clock())) });
    });

    app.post('/api/users/login', { schema: { body: loginSchema } }, async (request, reply) => {
      const account = await findAccount(ctx, request.body.identifier);
      const key = limitKey(request.body.identifier, account);
      await loginFromAddress(request, `${request.ip}|${key}`);
      const user = await login(ctx, request.body.identifier, account, request.body.password, browserMark(ctx, request));
      if (await hasTwoFactor(ctx.db, user.id)) {
        await startLoginChallenge(ctx, reply, user.id);
        return { message: TWO_FACTOR_NEEDED, twoFactorRequired: true };
      }
      await startSession(request.cookies[sessionCookie], user.id, reply);
      return { message: SUCCESS.login, user: await loadUserView(ctx, user) };
    });

    app.post('/api/users/login/2fa', { schema: { body: twoFactorCodeSchema }, config: perAddress(limits.login) }, async (request, reply) => {
      const user = await completeLoginChallenge(ctx, request, reply, request.body.code);
      if (user.passedWith === 'recovery-code') {
        await recordAudit(ctx.db, { actor: user, action: '2fa.recovery-code-used', subjectType: 'user', subjectId: user.id });
      }
      await startSession(request.cookies[sessionCookie], user.id, reply);
      return { message: SUCCESS.login, user: await loadUserView(ctx, user) };
    });

    app.post('/api/users/logout', async (request, reply) => {
      const token = request.cookies[sessionCookie];
      if (token) await deleteSession(ctx, token);
      clearSessionCookie(ctx, reply);
      return { message: SUCCESS.loggedOut };
    });

    app.post('/api/users/password/forgot', { schema: { body: forgotPasswordSchema }, config: perAddress(limits.codes) }, async (request) => {
      const account = await findAccount(ctx, request.body.identifier);
      await resetToAccount(request, limitKey(request.body.identifier, account));
      // Answered before the code is made and mailed, so a known account takes as long as an unknown one.
      requestPasswordReset(ctx, account).catch((error: unknown) => request.log.error({ err: error }, 'password reset request failed'));
      return { message: RESET_REQUESTED };
    });

    app.post('/api/users/password/reset', { schema: { body: resetPasswordSchema }, config: perAddress(limits.codes) }, async (request, reply) => {
      const user = await resetPassword(ctx, request.body, browserMark(ctx, request));
      // The emailed code stands for the password, not for the authenticator: that still comes first.
      if (await hasTwoFactor(ctx.db, user.id)) {
        await startLoginChallenge(ctx, reply, user.id);
        return { message: PASSWORD_RESET_TWO_FACTOR_NEEDED, twoFactorRequired: true };
      }
      setSessionCookie(ctx, reply, await createSession(ctx, user.id));
      rememberBrowser(ctx, reply, user.id);
      return { message: SUCCESS.passwordReset, user: await loadUserView(ctx, user) };
    });

    /** A new token at every sign-in; the one the browser held before is ended, and the browser is the account's known one. */
    async function startSession(previousToken: string | undefined, userId: string, reply: FastifyReply) {
      if (previousToken) await deleteSession(ctx, previousToken);
      setSessionCookie(ctx, reply, await createSession(ctx, userId));
      rememberBrowser(ctx, reply, userId);
    }
  };
}

function tooMany() {
  return new HttpError(429, TOO_MANY_ATTEMPTS);
}
