import { z } from 'zod';
import { HttpError } from './errors.js';

/**
 * Validates a body that Fastify's schema step could not see (multipart fields) with the same
 * shared schema and the same 400 answer as everywhere else: `{ message, errors }`.
 */
export function parseBody<S extends z.ZodType>(schema: S, body: unknown): z.output<S> {
  const result = schema.safeParse(body);
  if (!result.success) {
    const fields = result.error.issues.map((issue) => ({ field: issue.path.join('.'), message: issue.message }));
    throw new HttpError(400, fields[0]?.message ?? 'Invalid request', fields);
  }
  return result.data;
}

const uuid = z.uuid();

/** An id taken from a path or query without a params schema: anything else is a 404, never a database cast error. */
export function isUuid(value: string): boolean {
  return uuid.safeParse(value).success;
}
