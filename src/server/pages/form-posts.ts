import formBody from '@fastify/formbody';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { FORM_DEFINITIONS, type FormKind } from '../../shared/form-definitions.js';
import { FORMS_DRAWN } from '../../shared/member-pages.js';
import { type DrawnSeeds, FORM_POST_FIELDS } from '../../shared/rendered-page.js';
import { CSRF_HEADER } from '../http/csrf.js';
import { IDEMPOTENCY_HEADER } from '../idempotency/idempotency.js';
import { FORM_SENT_COOKIE, forwardedHeaders } from './member-pages.js';

/** Far above the longest form a member types (a few short fields and a comment). */
const BODY_LIMIT_BYTES = 64 * 1024;

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
      scope.post(page, { config: { csrfInBody: true } }, async (request, reply) => {
        const { [FORM_POST_FIELDS.csrfToken]: token, [FORM_POST_FIELDS.idempotencyKey]: key, ...values } = textFields(request.body);
        const answer = await app.inject({
          method: 'POST',
          url: endpoint,
          headers: {
            ...forwardedHeaders(request),
            cookie: request.headers.cookie ?? '',
            'user-agent': request.headers['user-agent'] ?? '',
            accept: 'application/json',
            ...(typeof token === 'string' && { [CSRF_HEADER]: token }),
            ...(typeof key === 'string' && { [IDEMPOTENCY_HEADER]: key }),
          },
          payload: values,
        });
        if (answer.statusCode === 201) return sentOn(reply, kind, production);
        const refusal = answer.json<{ message?: string; errors?: { field: string; message: string }[] }>();
        const errors = Object.fromEntries((refusal.errors ?? []).map((issue) => [issue.field, issue.message]));
        const message = refusal.message ?? 'The form could not be sent. Please try again.';
        await pages.send(request, reply, { status: answer.statusCode, seeds: { formReturn: { values, message, errors } } });
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

/** A form body's fields as typed: text, or the list of a field sent more than once (ticked boxes). */
function textFields(body: unknown): Record<string, string | string[]> {
  if (typeof body !== 'object' || body === null) return {};
  return Object.fromEntries(
    Object.entries(body).flatMap(([name, value]) =>
      typeof value === 'string' || (Array.isArray(value) && value.every((item) => typeof item === 'string')) ? [[name, value as string | string[]]] : [],
    ),
  );
}
