import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { MAX_UPLOAD_BYTES } from '../../shared/constants.js';
import { FORM_DEFINITIONS, type FormFile } from '../../shared/form-definitions.js';
import { FORM_KINDS } from '../../shared/form-routes.js';
import { FORM_SCHEMAS } from '../../shared/schemas/forms.js';
import { memberUser } from '../auth/guards.js';
import { assertGuardianConfirmed } from '../privacy/guardian-service.js';
import type { AppContext } from '../context.js';
import { DOCUMENT_TYPES, IMAGE_TYPES } from '../files/file-kinds.js';
import { type FileRule, readMultipart } from '../files/multipart.js';
import { badRequest, HttpError } from '../http/errors.js';
import { parseBody } from '../http/parse.js';
import { listMemberEvents, listMemberSubmissions, submitForm } from './forms-service.js';
import { uploadRoute } from '../http/route-timeouts.js';

/** One route per form: its shared entry and its stored name. */
const FORM_ROUTES = FORM_KINDS.map(({ value: form }) => ({ form, ...FORM_DEFINITIONS[form] }));

function fileRules(files: readonly FormFile[]): Record<string, FileRule> {
  return Object.fromEntries(
    files.map((file) => [file.field, { label: file.label, types: file.kind === 'image' ? IMAGE_TYPES : DOCUMENT_TYPES, maxBytes: MAX_UPLOAD_BYTES }]),
  );
}

/** The member's forms, and what they sent; behind the member hook (member-routes.ts). */
export function formsMemberRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    for (const route of FORM_ROUTES) {
      const schema = FORM_SCHEMAS[route.form];
      const rules = fileRules(route.files);
      const handler = async (request: FastifyRequest, reply: FastifyReply) => {
        const user = memberUser(request);
        assertGuardianConfirmed(ctx, user);
        const { data, files } = await readSubmission(request);
        await submitForm(ctx, user, route.form, data, files);
        return reply.status(201).send({ message: route.success });
      };
      const readSubmission = async (request: FastifyRequest) => {
        if (route.encoding === 'json') {
          // A page may post a form without files as FormData too; its fields read the same.
          const body = request.isMultipart() ? (await readMultipart(request, {})).fields : (request.body ?? {});
          return { data: parseBody(schema, body), files: {} };
        }
        const { fields, files } = await readMultipart(request, rules);
        const data = parseBody(schema, fields);
        const missing = route.files.find((file) => !files[file.field]);
        if (missing) throw badRequest(`${missing.label} is required`);
        return { data, files };
      };
      // Per member (or address, for a visitor): far above what a person sends, low enough that a
      // script cannot fill the disk with uploads.
      const rateLimit = {
        max: ctx.config.rateLimits.forms,
        timeWindow: 15 * 60 * 1000,
        keyGenerator: (request: FastifyRequest) => `forms|${request.user?.id ?? request.ip}`,
        errorResponseBuilder: () => new HttpError(429, 'Too many forms sent. Please wait a few minutes and try again.'),
      };
      // A form the definition opens to any signed-in `user` (the event form) is still a member's: staff have no forms.
      const access = route.access === 'activated' ? 'activated' : 'member';
      for (const url of [route.endpoint, ...route.aliases])
        app.post(url, { ...uploadRoute(ctx.config), config: { access, rateLimit, idempotent: true } }, handler);
    }

    app.get('/api/users/events', { config: { access: 'user' } }, async (request) => listMemberEvents(ctx, memberUser(request)));

    app.get('/api/users/submissions', { config: { access: 'user' } }, async (request) => ({
      submissions: await listMemberSubmissions(ctx, memberUser(request).id),
    }));
  };
}
