import type { z } from 'zod';
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
