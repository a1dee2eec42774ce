import { type FastifyReply, type FastifyRequest, LogController } from 'fastify';
import pino from 'pino';

/**
 * One line a request, when its answer has gone: what was asked (`req`, through the logs' request
 * serializer), the status and the time taken, with the request's id as every line of it has.
 * Fastify's own writes two, one as the request arrives: the log was the largest part of the
 * profile read's own time after the socket's writes (issue 31). A request that never answers is still seen: the handler timeout answers it with 503,
 * and that answer is logged. Fastify's other lines (errors, a route not found) are kept.
 */
export class OneLineRequestLog extends LogController {
  override incomingRequest(): void {}

  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply): void {
    const line = { req: request, res: reply, responseTime: reply.elapsedTime };
    if (error) reply.log.error({ ...line, err: error }, 'request errored');
    else reply.log.info(line, 'request completed');
  }
}

let standardOutput: pino.DestinationStream | undefined;

/**
 * Standard output, written asynchronously (pino's `sync: false`): lines logged while a write is
 * under way go out together in the next one, instead of one blocking write each, and each is
 * written as soon as the previous write ends (no buffer waiting to fill). Pino flushes what is left
 * when the process exits. One for the process: each destination registers exit handlers.
 */
export function logDestination(): pino.DestinationStream {
  standardOutput ??= pino.destination({ dest: 1, sync: false });
  return standardOutput;
}
