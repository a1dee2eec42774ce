import { todayInLagos } from '../../shared/dates.js';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { SUCCESS } from '../../shared/messages.js';
import { AD_IMAGE_MAX_BYTES, AD_IMAGE_TYPES, deleteAdSchema, placeAdFields } from '../../shared/schemas/ads.js';
import { confirmEmailSchema, profileUpdateSchema, terminateAccountSchema, type User } from '../../shared/schemas/users.js';
import { deleteAd, placeAd } from '../ads/ads-service.js';
import { keepMemberAds } from '../ads/kept-member-ads.js';
import { accountLimit } from '../auth/account-limits.js';
import { memberUser, requireActivated } from '../auth/guards.js';
import { assertReauthenticated } from '../auth/reauthenticate.js';
import { type AuthUser, clearSessionCookie } from '../auth/sessions.js';
import type { AppContext } from '../context.js';
import { DOCUMENT_TYPES, IMAGE_TYPES } from '../files/file-kinds.js';
import { readMultipart } from '../files/multipart.js';
import { parseBody } from '../http/parse.js';
import { startOnlinePayment } from '../ledger/online-checkout.js';
import { changesCredentials, confirmEmailChange, terminateAccount, updateProfile } from './profile-service.js';
import { loadUserView, NO_AD, toUserView } from './user-view.js';
import { uploadRoute } from '../http/route-timeouts.js';

/** The files PUT /api/users/profile accepts: the profile picture, or an advert's image and payment slip. */
const PROFILE_FILES = {
  profilePic: { label: 'Profile picture', types: IMAGE_TYPES },
  imageUrl: { label: 'Ad image', types: AD_IMAGE_TYPES, maxBytes: AD_IMAGE_MAX_BYTES },
  paymentSlip: { label: 'Payment slip', types: DOCUMENT_TYPES },
};

/** The signed-in account's own profile (and an advert placed with it), and ending the account; behind the member hook (member-routes.ts). */
export function profileMemberRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    const memberAds = await keepMemberAds(app, ctx);
    // The current password and an email already in use are both things to guess: limited like login.
    const credentialChecks = accountLimit(app, 'profile-credentials', ctx.config.rateLimits.login);

    // Every member page asks for it first. The user and the advert are the ones this process keeps
    // (replaced, not changed, when PostgreSQL notifies a change), so the answer's JSON is made once
    // for them and the day, not at every call (issue 31: the view and its serialization were a
    // sixth of the read's own time).
    const answered = new WeakMap<AuthUser, { today: string; ad: User['ad']; json: string }>();
    app.get('/api/users/profile', { config: { access: 'user' } }, async (request, reply) => {
      const user = memberUser(request);
      const today = todayInLagos(ctx.clock());
      const ad = (await memberAds.find(user.id)) ?? NO_AD;
      let answer = answered.get(user);
      if (answer?.today !== today || answer.ad !== ad) {
        answer = { today, ad, json: JSON.stringify({ user: toUserView(user, today, ad) }) };
        answered.set(user, answer);
      }
      return reply.type('application/json; charset=utf-8').send(answer.json);
    });

    // One call, three uses, as the first client made it: edit the profile, place an ad (multipart with
    // imageUrl, linkUrl, altText), or delete the ad (JSON with the three fields null).
    app.put('/api/users/profile', { ...uploadRoute(ctx.config), config: { access: 'user', idempotent: true } }, async (request) => {
      const user = memberUser(request);
      if (!request.isMultipart()) {
        parseBody(deleteAdSchema, request.body);
        await deleteAd(ctx, user);
        return { success: true, message: SUCCESS.adDeleted, user: await loadUserView(ctx, user) };
      }
      const { fields, files } = await readMultipart(request, PROFILE_FILES);
      if (files.imageUrl || 'linkUrl' in fields || 'altText' in fields) {
        // The profile is any account's; an advert only an activated member's: the body says which it is.
        requireActivated(request);
        const input = parseBody(placeAdFields, fields);
        const adId = await placeAd(ctx, user, input, files.imageUrl, files.paymentSlip);
        // Paid online: the advert is saved, and the member goes on to Paystack's checkout for its weeks.
        const authorizationUrl =
          input.payment === 'online' ? await startOnlinePayment(ctx, user, { adId, months: 1 }, `${request.protocol}://${request.host}`) : undefined;
        return { success: true, message: SUCCESS.adPlaced, user: await loadUserView(ctx, user), ...(authorizationUrl ? { authorizationUrl } : {}) };
      }
      const input = parseBody(profileUpdateSchema, fields);
      if (changesCredentials(user, input)) await credentialChecks(request, user.id);
      const updated = await updateProfile(ctx, user, input, files.profilePic, request.sessionId ?? '');
      return { success: true, message: SUCCESS.profileUpdated, user: await loadUserView(ctx, updated) };
    });

    app.post('/api/users/email/confirm', { schema: { body: confirmEmailSchema }, config: { access: 'user' } }, async (request) => {
      const user = memberUser(request);
      await credentialChecks(request, user.id);
      return { message: SUCCESS.emailConfirmed, user: await loadUserView(ctx, await confirmEmailChange(ctx, user, request.body.code)) };
    });

    app.delete('/api/users/terminate', { schema: { body: terminateAccountSchema }, config: { access: 'member' } }, async (request, reply) => {
      const member = memberUser(request);
      await credentialChecks(request, member.id);
      await assertReauthenticated(ctx, member, request.body?.currentPassword);
      await terminateAccount(ctx, member);
      clearSessionCookie(ctx, reply);
      return { message: SUCCESS.terminated };
    });
  };
}
