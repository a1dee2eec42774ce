import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { enrolmentFields } from '../../shared/schemas/training.js';
import { memberUser, staffUser } from '../auth/guards.js';
import type { AppContext } from '../context.js';
import { HttpError } from '../http/errors.js';
import { certificateToDraw, checkCertificate, checkUrl, issueCertificate, listCertificates } from './training-certificates.js';
import { enrol, leave, memberTrainings, seriesEnrolments, staffEnrol, staffUnenrol } from './training-service.js';

const seriesParams = z.object({ id: z.uuid({ error: 'Training not found' }) });
const certificateParams = z.object({ id: z.uuid({ error: 'Certificate not found' }) });
const memberParams = z.object({ id: z.uuid({ error: 'Session not found' }), userId: z.uuid({ error: 'This member is not enrolled.' }) });
const checkParams = z.object({ number: z.string().max(40) });
/** Checked, not validated: a wrong or missing code answers as an unknown number does. */
const checkQuery = z.object({ code: z.string().max(100).optional() });
const listQuery = z.object({ seriesId: z.uuid({ error: 'Session not found' }).optional() });

const originOf = (ctx: AppContext, request: { protocol: string; host: string }) => ctx.config.publicUrl ?? `${request.protocol}://${request.host}`;

async function sendCertificate(ctx: AppContext, reply: FastifyReply, origin: string, certificate: Awaited<ReturnType<typeof certificateToDraw>>) {
  const { certificatePdf } = await import('./certificate-pdf.js');
  const pdf = await certificatePdf(certificate, checkUrl(origin, certificate));
  return reply
    .header('Content-Type', 'application/pdf')
    .header('Content-Disposition', `attachment; filename="${certificate.number}.pdf"`)
    .header('Cache-Control', 'private, no-store')
    .send(pdf);
}

/** Members' trainings (enrol, leave, certificate); behind the member hook (member-routes.ts). */
export function trainingMemberRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.get('/api/users/training', { config: { access: 'member' } }, async (request, reply) =>
      reply.header('Cache-Control', 'private, no-store').send({ trainings: await memberTrainings(ctx, memberUser(request).id, originOf(ctx, request)) }),
    );

    // Enrolling needs a membership in good standing, as the forms do; leaving does not.
    app.post('/api/users/training/:id/enrolment', { config: { access: 'activated' }, schema: { params: seriesParams } }, async (request) => {
      await enrol(ctx, memberUser(request), request.params.id);
      return { message: 'You are enrolled: its dates are on your calendar.' };
    });

    app.delete('/api/users/training/:id/enrolment', { config: { access: 'member' }, schema: { params: seriesParams } }, async (request) => {
      await leave(ctx, memberUser(request), request.params.id);
      return { message: 'You have left this training. Your attendance so far stays on record.' };
    });

    app.post('/api/users/training/:id/certificate', { config: { access: 'member' }, schema: { params: seriesParams } }, async (request, reply) => {
      const { certificate, issuedNow } = await issueCertificate(ctx, memberUser(request), request.params.id);
      return reply
        .status(issuedNow ? 201 : 200)
        .send({ message: issuedNow ? `Certificate ${certificate.number} is issued.` : `Certificate ${certificate.number} was already issued.`, certificate });
    });

    app.get('/api/users/training-certificates/:id', { config: { access: 'member' }, schema: { params: certificateParams } }, async (request, reply) =>
      sendCertificate(ctx, reply, originOf(ctx, request), await certificateToDraw(ctx.db, request.params.id, memberUser(request).id)),
    );
  };
}

/** The public check a certificate's QR code opens. */
export function trainingCheckRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  const checks = {
    rateLimit: {
      max: ctx.config.rateLimits.verify,
      timeWindow: 15 * 60 * 1000,
      errorResponseBuilder: () => new HttpError(429, 'Too many certificate checks from this address. Please wait a few minutes and try again.'),
    },
  };
  return async (app) => {
    app.get('/api/training-certificates/:number', { schema: { params: checkParams, querystring: checkQuery }, config: checks }, async (request, reply) =>
      reply.header('Cache-Control', 'no-store').send(await checkCertificate(ctx, request.params.number, request.query.code)),
    );
  };
}

export function trainingStaffRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.get('/schedule/:id/enrolments', { config: { area: 'schedule' }, schema: { params: seriesParams } }, async (request) => ({
      enrolments: await seriesEnrolments(ctx, request.params.id),
    }));

    app.post('/schedule/:id/enrolments', { config: { area: 'schedule' }, schema: { params: seriesParams, body: enrolmentFields } }, async (request) => {
      const member = await staffEnrol(ctx, staffUser(request), request.params.id, request.body.memberNumber);
      return { message: `${member.fullName} (${member.memberNumber}) is enrolled.` };
    });

    app.delete('/schedule/:id/enrolments/:userId', { config: { area: 'schedule' }, schema: { params: memberParams } }, async (request) => {
      await staffUnenrol(ctx, staffUser(request), request.params.id, request.params.userId);
      return { message: 'Taken out of this training.' };
    });

    app.get('/schedule/certificates', { config: { area: 'schedule' }, schema: { querystring: listQuery } }, async (request) => ({
      certificates: await listCertificates(ctx, request.query.seriesId),
    }));

    app.get('/schedule/certificates/:id', { config: { area: 'schedule' }, schema: { params: certificateParams } }, async (request, reply) =>
      sendCertificate(ctx, reply, originOf(ctx, request), await certificateToDraw(ctx.db, request.params.id, null)),
    );
  };
}
