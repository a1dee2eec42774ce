import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { MAX_UPLOAD_BYTES } from '../../shared/constants.js';
import type { FormKind } from '../../shared/form-options.js';
import { SUCCESS } from '../../shared/messages.js';
import { FORM_DEFINITIONS, type FormFile } from '../../shared/form-definitions.js';
import { FORM_SCHEMAS } from '../../shared/schemas/forms.js';
import { requireUser } from '../auth/guards.js';
import { requireAccess, writeWithSessionCheck, type WriteAccess } from '../auth/session-grant.js';
import type { AppContext } from '../context.js';
import { DOCUMENT_TYPES, IMAGE_TYPES } from '../files/file-kinds.js';
import { type FileRule, readMultipart } from '../files/multipart.js';
import { badRequest, HttpError } from '../http/errors.js';
import { parseBody } from '../http/parse.js';
import { listMemberEvents, listMemberSubmissions, listOpenPremieres, submitForm } from './forms-service.js';

interface FormRoute {
  form: FormKind;
  /** Other spellings of the path the first client used (moviePremiereForm, ...), answered the same. */
  aliases: string[];
  /** The event form needs only a signed-in member (no activation); the others an activated one. */
  access: WriteAccess;
  message: string;
}

const FORM_ROUTES: FormRoute[] = [
  { form: 'script-printing', aliases: [], access: 'activated', message: SUCCESS.formSubmitted },
  { form: 'welfare', aliases: [], access: 'activated', message: SUCCESS.formSubmitted },
  { form: 'movie-premiere', aliases: ['/api/users/moviePremiereForm'], access: 'activated', message: SUCCESS.formSubmitted },
  { form: 'event', aliases: [], access: 'user', message: SUCCESS.formSubmitted },
  { form: 'camping', aliases: [], access: 'activated', message: SUCCESS.formSubmitted },
  { form: 'artist-membership', aliases: ['/api/artist-membership'], access: 'activated', message: SUCCESS.artistMembershipSubmitted },
];


function fileRules(files: readonly FormFile[]): Record<string, FileRule> {
  return Object.fromEntries(
    files.map((file) => [file.field, { label: file.label, types: file.kind === 'image' ? IMAGE_TYPES : DOCUMENT_TYPES, maxBytes: MAX_UPLOAD_BYTES }]),
  );
}

export function formsRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    for (const route of FORM_ROUTES) {
      const definition = FORM_DEFINITIONS[route.form];
      const schema = FORM_SCHEMAS[route.form];
      const rules = fileRules(definition.files);
      const handler = async (request: FastifyRequest, reply: FastifyReply) => {
        requireAccess(request, route.access);
        const { data, files } = await readSubmission(request);
        await writeWithSessionCheck(ctx, request, route.access, (grant) => submitForm(ctx, grant, route.form, data, files));
        return reply.status(201).send({ message: route.message });
      };
      const readSubmission = async (request: FastifyRequest) => {
        if (definition.encoding === 'json') {
          // A page may post a form without files as FormData too; its fields read the same.
          const body = request.isMultipart() ? (await readMultipart(request, {})).fields : (request.body ?? {});
          return { data: parseBody(schema, body), files: {} };
        }
        const { fields, files } = await readMultipart(request, rules);
        const data = parseBody(schema, fields);
        const missing = definition.files.find((file) => !files[file.field]);
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
      for (const url of [definition.endpoint, ...route.aliases]) app.post(url, { config: { rateLimit, writeChecksSession: true } }, handler);
    }

    app.get('/api/premieres', { config: { skipSession: true } }, async () => listOpenPremieres(ctx));

    app.get('/api/users/events', async (request) => listMemberEvents(ctx, requireUser(request)));

    app.get('/api/users/submissions', async (request) => ({
      submissions: await listMemberSubmissions(ctx, requireUser(request).id),
    }));
  };
}
