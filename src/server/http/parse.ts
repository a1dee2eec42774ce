import { z } from 'zod';
import { badRequest } from './errors.js';

/**
 * Validates a body that Fastify's schema step could not see (multipart fields) with the same
 * shared schema and the same 400 answer as everywhere else.
 */
export function parseBody<S extends z.ZodType>(schema: S, body: unknown): z.output<S> {
  const result = schema.safeParse(body);
  if (!result.success) throw badRequest(result.error.issues[0]?.message ?? 'Invalid request');
  return result.data;
}

const uuid = z.uuid();

/** An id taken from a path or query without a params schema: anything else is a 404, never a database cast error. */
export function isUuid(value: string): boolean {
  return uuid.safeParse(value).success;
}
