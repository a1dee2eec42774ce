import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { type Dependency, type DependencyHealth, DependencyUnavailableError } from '../dependencies.js';

/** An answer the client should see as `{ message }` with this status. Thrown by guards and services. */
/** One refused field of a request: where it is (`name`, `guardian.email`) and what is wrong with it. */
export interface FieldIssue {
  field: string;
  message: string;
}

export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    /** Each refused field, for a 400 whose form shows every message beside its field. */
    readonly fields?: FieldIssue[],
    /** For a 429: the seconds to wait, sent as Retry-After. */
    readonly retryAfterSeconds?: number,
  ) {
    super(message);
  }
}

export const badRequest = (message: string) => new HttpError(400, message);
export const unauthorized = (message = 'Please sign in to continue.') => new HttpError(401, message);
export const forbidden = (message = 'You are not allowed to do this.') => new HttpError(403, message);
export const notFound = (message = 'Not found') => new HttpError(404, message);
export const conflict = (message: string) => new HttpError(409, message);
export const tooLarge = (message: string) => new HttpError(413, message);
export const unsupportedType = (message: string) => new HttpError(415, message);

const INTERNAL = 'Something went wrong on our side. Please try again.';
export const UNAVAILABLE = 'The service is briefly unavailable. Please try again in a moment.';

// PostgreSQL's shutdown and connection classes, a statement or idle transaction ended by its
// timeout (57014, 25P03), and the socket's.
const DATABASE_UNAVAILABLE_CODES = new Set(['57P01', '57P02', '57P03', '08000', '08003', '08006', '57014', '25P03', 'ECONNREFUSED', 'ECONNRESET']);
// node-postgres's own words for a server that does not answer (pool and query timeouts).
const DATABASE_UNAVAILABLE_TEXT =
  /Connection terminated|not queryable|Cannot use a pool after calling end|timeout exceeded when trying to connect|Query read timeout/;

/** The database is restarting, out of reach or too slow to answer: a moment's outage, not a fault in the request. */
function databaseUnavailable(error: unknown): boolean {
  let current: unknown = error;
  for (let depth = 0; current && depth < 3; depth++) {
    const e = current as { code?: string; message?: string; cause?: unknown };
    if (DATABASE_UNAVAILABLE_CODES.has(e.code ?? '')) return true;
    if (DATABASE_UNAVAILABLE_TEXT.test(e.message ?? '')) return true;
    current = e.cause;
  }
  return false;
}

/** Which dependency a failure is an outage of, if it is one. */
export function unavailableDependency(error: unknown): Dependency | null {
  if (error instanceof DependencyUnavailableError) return error.dependency;
  return databaseUnavailable(error) ? 'database' : null;
}

/** Fastify's own client errors whose text is written for developers, reworded for members. */
const CLIENT_ERROR_TEXT: Record<string, string> = {
  FST_ERR_CTP_BODY_TOO_LARGE: 'The request is too large.',
  FST_REQ_FILE_TOO_LARGE: 'The file is too large.',
  FST_FILES_LIMIT: 'Too many files in one request.',
  FST_PARTS_LIMIT: 'Too many fields in one request.',
  FST_FIELDS_LIMIT: 'Too many fields in one request.',
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'This content type is not accepted here.',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'The request body is empty.',
  FST_ERR_CTP_INVALID_JSON_BODY: 'The request body is not valid JSON.',
  FST_INVALID_MULTIPART_CONTENT_TYPE: 'The request must be multipart/form-data.',
};

type LoggedError = {
  type: string;
  message: string;
  stack: string;
  code?: string;
  cause?: LoggedError;
};

/**
 * An error as the log keeps it: its kind, code, message and stack, never the values a failed
 * query was given (Drizzle puts them in its message; PostgreSQL repeats them in `detail`),
 * which are what members typed.
 */
export function errorForLog(error: unknown, depth = 0): LoggedError {
  if (!(error instanceof Error)) return { type: typeof error, message: 'a non-Error value was thrown', stack: '' };
  const query = (error as { query?: unknown }).query;
  const message = typeof query === 'string' && 'params' in error ? `Failed query: ${query}` : error.message;
  const logged: LoggedError = { type: error.constructor.name, message, stack: (error.stack ?? '').replace(error.message, message) };
  const code = (error as { code?: unknown }).code;
  if (typeof code === 'string') logged.code = code;
  if (error.cause && depth < 3) logged.cause = errorForLog(error.cause, depth + 1);
  return logged;
}

/** The logger's serializers: every `{ err }` in a log line goes through errorForLog. */
export const logSerializers = { err: errorForLog };

/**
 * The one error handler: every failure becomes `{ message }` with the right status, and a refused
 * body `{ message, errors: [{ field, message }] }` whichever step refused it.
 * Stacks and SQL stay in the log.
 */
export function registerErrorHandling(app: FastifyInstance, health: DependencyHealth): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (hasZodFastifySchemaValidationErrors(error)) {
      const issues: FieldIssue[] = error.validation.map((v) => ({
        field: v.instancePath.replace(/^\//, '').replaceAll('/', '.'),
        message: v.message ?? 'is invalid',
      }));
      return reply.status(400).send({ message: issues[0]?.message ?? 'Invalid request', errors: issues });
    }
    if (error instanceof HttpError) {
      if (error.retryAfterSeconds !== undefined) reply.header('Retry-After', String(error.retryAfterSeconds));
      return reply.status(error.statusCode).send(error.fields ? { message: error.message, errors: error.fields } : { message: error.message });
    }
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      const message = CLIENT_ERROR_TEXT[error.code] ?? (error.message || 'Bad request');
      return reply.status(status).send({ message });
    }
    const dependency = unavailableDependency(error);
    if (dependency) {
      // The outage itself is logged once, as it starts and as it ends; each request only at debug.
      health.failed(dependency, error);
      request.log.debug({ dependency, err: error }, `answered 503: ${dependency} unavailable`);
      return reply.status(503).header('Retry-After', '2').send({ message: UNAVAILABLE });
    }
    if (error.code === 'FST_ERR_HANDLER_TIMEOUT') {
      request.log.warn({ err: error }, 'answered 503: the request took longer than its timeout');
      return reply.status(503).header('Retry-After', '2').send({ message: UNAVAILABLE });
    }
    request.log.error({ err: error }, 'request failed');
    return reply.status(500).send({ message: INTERNAL });
  });
}
