import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { MAX_UPLOAD_BYTES } from '../../shared/constants.js';
import { MAX_TALENT_PHOTOS } from '../../shared/talent-options.js';
import { bookingRequestSchema, confirmBookingSchema, bookingResponseSchema, talentProfileSchema, talentQuerySchema } from '../../shared/schemas/talent.js';
import { memberUser } from '../auth/guards.js';
import type { AppContext } from '../context.js';
import { IMAGE_TYPES } from '../files/file-kinds.js';
import { readMultipart, type ReceivedFile } from '../files/multipart.js';
import { sendStoredFile } from '../files/send-file.js';
import { badRequest, HttpError } from '../http/errors.js';
import { parseBody } from '../http/parse.js';
import { answerRequest, confirmBooking, myRequests, requestBooking } from './booking-service.js';
import { publicPhoto, publicProfile, searchTalent } from './directory-service.js';
import { addPhoto, deletePhoto, myProfile, saveMyProfile, setPrimaryPhoto } from './my-profile-service.js';
import { uploadRoute, downloadRoute } from '../http/route-timeouts.js';

const PHOTO_FIELDS = Array.from({ length: MAX_TALENT_PHOTOS }, (_, index) => `photo${index + 1}`);

async function detailsWithPhotos(request: FastifyRequest): Promise<{ details: unknown; photos: ReceivedFile[] }> {
  const rule = { label: 'Photo', types: IMAGE_TYPES, maxBytes: MAX_UPLOAD_BYTES };
  const { fields, files } = await readMultipart(request, Object.fromEntries(PHOTO_FIELDS.map((field) => [field, rule])));
  try {
    return { details: JSON.parse(fields.details ?? ''), photos: PHOTO_FIELDS.flatMap((field) => files[field] ?? []) };
  } catch {
    throw badRequest('The profile details could not be read. Please try again.');
  }
}

export const profileParams = z.object({ id: z.uuid({ error: 'Talent profile not found' }) });
const photoParams = z.object({ photoId: z.uuid({ error: 'Photo not found' }) });
const publicPhotoParams = z.object({ id: z.uuid({ error: 'Photo not found' }), photoId: z.uuid({ error: 'Photo not found' }) });
export const requestParams = z.object({ id: z.uuid({ error: 'Booking request not found' }) });

/** The public directory and booking requests (a talent's own profile: talentMemberRoutes). */
export function talentRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    // ---- public: no account needed; contact details never leave through these answers.
    app.get('/api/talent', { schema: { querystring: talentQuerySchema } }, async (request, reply) =>
      reply.header('Cache-Control', 'no-store').send(await searchTalent(ctx, request.query)),
    );

    app.get('/api/talent/:id', { schema: { params: profileParams } }, async (request, reply) =>
      reply.header('Cache-Control', 'no-store').send(await publicProfile(ctx, request.params.id)),
    );

    app.get('/api/talent/:id/photos/:photoId', { ...downloadRoute(ctx.config), schema: { params: publicPhotoParams } }, async (request, reply) => {
      const file = await publicPhoto(ctx, request.params.id, request.params.photoId);
      // Short-lived public caching: a profile staff hide stops being served within minutes.
      return sendStoredFile(ctx, reply, file, 'public');
    });

    app.post(
      '/api/talent/:id/requests',
      {
        schema: { params: profileParams, body: bookingRequestSchema },
        config: {
          idempotent: true,
          rateLimit: {
            max: ctx.config.rateLimits.booking,
            timeWindow: 15 * 60 * 1000,
            errorResponseBuilder: () => new HttpError(429, 'Too many booking requests. Please wait a few minutes and try again.'),
          },
        },
      },
      async (request, reply) => {
        const { confirmationId } = await requestBooking(ctx, request.params.id, request.body);
        return reply
          .status(202)
          .send({ confirmationId, message: `Check your email: enter the code we sent to ${request.body.email} to send your booking request.` });
      },
    );

    app.post(
      '/api/talent/requests/:confirmationId/confirm',
      {
        schema: { params: z.object({ confirmationId: z.uuid({ error: 'Booking request not found' }) }), body: confirmBookingSchema },
        config: { idempotent: true },
      },
      async (request, reply) => {
        const { reference } = await confirmBooking(ctx, request.params.confirmationId, request.body.code);
        return reply.status(201).send({ reference, message: `Booking request sent. Your reference is ${reference}; we emailed it to you.` });
      },
    );
  };
}

/** The member's own talent profile, its photos and the booking requests it got; behind the member hook (member-routes.ts). */
export function talentMemberRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    const member = { config: { access: 'member' as const } };
    const storing = { ...uploadRoute(ctx.config), config: { access: 'member' as const, idempotent: true } };
    app.get('/api/talent/me', member, async (request, reply) => reply.header('Cache-Control', 'no-store').send(await myProfile(ctx, memberUser(request))));

    // JSON, or multipart with the details as JSON in `details` and up to six photos chosen with them.
    app.put('/api/talent/me', storing, async (request) => {
      const user = memberUser(request);
      const { details, photos } = request.isMultipart() ? await detailsWithPhotos(request) : { details: request.body, photos: [] };
      const input = parseBody(talentProfileSchema, details);
      await saveMyProfile(ctx, user, input, photos);
      return { message: input.published ? 'Your talent profile is published.' : 'Talent profile saved.', ...(await myProfile(ctx, user)) };
    });

    app.post('/api/talent/me/photos', storing, async (request, reply) => {
      const user = memberUser(request);
      const { files } = await readMultipart(request, { photo: { label: 'Photo', types: IMAGE_TYPES, maxBytes: MAX_UPLOAD_BYTES } });
      await addPhoto(ctx, user, files.photo);
      return reply.status(201).send({ message: 'Photo added.', ...(await myProfile(ctx, user)) });
    });

    app.delete('/api/talent/me/photos/:photoId', { ...member, schema: { params: photoParams } }, async (request) => {
      const user = memberUser(request);
      const { unpublished } = await deletePhoto(ctx, user, request.params.photoId);
      const message = unpublished ? 'Photo deleted. Your profile has no photos left, so it is no longer published.' : 'Photo deleted.';
      return { message, ...(await myProfile(ctx, user)) };
    });

    app.put('/api/talent/me/photos/:photoId/primary', { ...member, schema: { params: photoParams } }, async (request) => {
      const user = memberUser(request);
      await setPrimaryPhoto(ctx, user, request.params.photoId);
      return { message: 'Primary photo changed.', ...(await myProfile(ctx, user)) };
    });

    app.get('/api/talent/me/requests', member, async (request, reply) =>
      reply.header('Cache-Control', 'no-store').send(await myRequests(ctx, memberUser(request))),
    );

    for (const decision of ['accept', 'decline'] as const) {
      app.post(`/api/talent/me/requests/:id/${decision}`, { ...member, schema: { params: requestParams, body: bookingResponseSchema } }, async (request) => {
        await answerRequest(ctx, memberUser(request), request.params.id, decision === 'accept', request.body.message);
        return { message: decision === 'accept' ? 'Booking accepted. The business has been emailed.' : 'Booking declined. The business has been emailed.' };
      });
    }
  };
}
