import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { FastifyInstance } from 'fastify';

export const REQUEST_ID_HEADER = 'x-request-id';

// A proxy's id is kept only when it cannot forge log lines or bloat them.
const ACCEPTED_ID = /^[\w.:-]{1,128}$/;

/** Fastify's `genReqId`: the id the proxy in front set, else a new UUID. Every log line of the request carries it. */
export function requestIdOf(request: IncomingMessage): string {
  const given = request.headers[REQUEST_ID_HEADER];
  return typeof given === 'string' && ACCEPTED_ID.test(given) ? given : randomUUID();
}

/** Every answer, errors and 404s included, tells its id, so a member's report can be found in the logs. */
export function registerRequestIdHeader(app: FastifyInstance): void {
  app.addHook('onRequest', async (request, reply) => {
    reply.header(REQUEST_ID_HEADER, request.id);
  });
}
