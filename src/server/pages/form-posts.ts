import formBody from '@fastify/formbody';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { FORM_DEFINITIONS } from '../../shared/form-definitions.js';
import { type FormKind } from '../../shared/form-routes.js';
import { FORMS_DRAWN } from '../../shared/member-pages.js';
import { type DrawnSeeds, FORM_POST_FIELDS } from '../../shared/rendered-page.js';
import { CSRF_HEADER } from '../http/csrf.js';
import { IDEMPOTENCY_HEADER } from '../idempotency/idempotency.js';
import { FORM_SENT_COOKIE } from './member-pages.js';

/** Far above the longest form a member types (a few short fields and a comment). */
const BODY_LIMIT_BYTES = 64 * 1024;

/** A form body as a browser sends it: each field's text, or the list of a field sent more than once (ticked boxes). */
const PlainForm = z.record(z.string(), z.union([z.string(), z.array(z.string())]));

interface MemberPageSender {
  send(request: FastifyRequest, reply: FastifyReply, options: { seeds: DrawnSeeds; status: number }): Promise<boolean>;
}

/**
 * The plain posts of the member forms drawn on the server (decision 023): a browser that has not
 * got the page's code yet (or never will) posts the form to its own page. Each post goes on, in
 * process, to the form's API route, with its hidden fields as the headers the page's code sends
 * (the CSRF token, the idempotency key), so one route checks, stores or refuses a form however it
 * came. Taken: 303 to the dashboard, which says so once. Refused: the form drawn again with what
 * was sent, the refusal and each field's message, with the refusal's status.
 */
export function registerFormPosts(app: FastifyInstance, pages: MemberPageSender, { production }: { production: boolean }): void {
  // The form body parser for these routes alone: every other route reads JSON or multipart only.
  void app.register(async (scope) => {
    await scope.register(formBody, { bodyLimit: BODY_LIMIT_BYTES });
    for (const kind of FORMS_DRAWN) {
      const { page, endpoint } = FORM_DEFINITIONS[kind];
      scope.withTypeProvider<ZodTypeProvider>().post(page, { schema: { body: PlainForm }, config: { csrfInBody: true } }, async (request, reply) => {
        // Stryker disable next-line StringLiteral: a missing token and any other wrong one are refused alike (403).
        const { [FORM_POST_FIELDS.csrfToken]: token = '', [FORM_POST_FIELDS.idempotencyKey]: key, ...values } = request.body;
        // The browser's own headers (its cookie, address, agent), with the hidden fields as the headers the page's code sends.
        const {
          'content-type': _type,
          'content-length': _length,
          'transfer-encoding': _chunked,
          [CSRF_HEADER]: _header,
          [IDEMPOTENCY_HEADER]: _key,
          ...sent
        } = request.headers;
        const answer = await app.inject({
          method: 'POST',
          url: endpoint,
          headers: { ...sent, [CSRF_HEADER]: token, ...(key !== undefined && { [IDEMPOTENCY_HEADER]: key }) },
          payload: values,
        });
        if (answer.statusCode === 201) return sentOn(reply, kind, production);
        // Every refusal of the portal has a message (http/errors.ts), and a refused field names itself.
        const refusal = answer.json<{ message: string; errors?: { field: string; message: string }[] }>();
        // Stryker disable next-line ArrayDeclaration: a refusal without fields (a 403) makes no field's message either way.
        const errors = Object.fromEntries((refusal.errors ?? []).map((issue) => [issue.field, issue.message]));
        await pages.send(request, reply, { status: answer.statusCode, seeds: { formReturn: { values, message: refusal.message, errors } } });
        return reply;
      });
    }
  });
}

function sentOn(reply: FastifyReply, kind: FormKind, production: boolean): FastifyReply {
  return reply
    .setCookie(FORM_SENT_COOKIE, kind, { path: '/profile', httpOnly: true, sameSite: 'lax', secure: production, maxAge: 60 })
    .redirect('/profile', 303);
}
