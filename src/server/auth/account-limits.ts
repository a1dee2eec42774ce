import type { FastifyInstance, FastifyRequest } from 'fastify';
import { HttpError } from '../http/errors.js';

const FIFTEEN_MINUTES = 15 * 60 * 1000;
export const TOO_MANY_ATTEMPTS = 'Too many attempts. Please wait a few minutes and try again.';

const keyOfRequest = new WeakMap<FastifyRequest, string>();

/**
 * A limit of `max` requests in 15 minutes per key the route names once it knows whom the
 * request is about (the resolved account, or the normalised identifier when none matches), so
 * that spelling a phone number another way or changing address does not start a fresh count.
 */
export function accountLimit(app: FastifyInstance, name: string, max: number) {
  const check = app.createRateLimit({ max, timeWindow: FIFTEEN_MINUTES, keyGenerator: (request) => keyOfRequest.get(request) ?? request.ip });
  return async (request: FastifyRequest, key: string): Promise<void> => {
    keyOfRequest.set(request, `${name}|${key}`);
    const limit = await check(request);
    if (!limit.isAllowed && limit.isExceeded) throw new HttpError(429, TOO_MANY_ATTEMPTS);
  };
}
