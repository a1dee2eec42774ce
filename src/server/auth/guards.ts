import type { FastifyRequest } from 'fastify';
import { forbidden, unauthorized } from '../http/errors.js';
import type { AuthUser } from './sessions.js';

/** Guards throw the HTTP answer so that handlers stay straight. */
export function requireUser(request: FastifyRequest): AuthUser {
  if (!request.user) throw unauthorized();
  return request.user;
}

export function requireActivated(request: FastifyRequest): AuthUser {
  const user = requireUser(request);
  if (!user.status) throw forbidden('Your profile is not activated yet. Pay the membership fee and activate it on the fees page.');
  return user;
}

export function requireAdmin(request: FastifyRequest): AuthUser {
  const user = requireUser(request);
  if (user.role !== 'admin') throw forbidden('Staff only.');
  return user;
}

/** What a member route needs: a signed-in member, or an activated one. */
export type MemberAccess = 'user' | 'activated';

export function requireAccess(request: FastifyRequest, access: MemberAccess): AuthUser {
  return access === 'activated' ? requireActivated(request) : requireUser(request);
}

/**
 * The same guards as route hooks: they run on request, before the body is validated, so a
 * visitor or a member learns nothing about a route they may not use from a 400.
 */
export const accessHooks = {
  user: async (request: FastifyRequest) => void requireUser(request),
  activated: async (request: FastifyRequest) => void requireActivated(request),
  admin: async (request: FastifyRequest) => void requireAdmin(request),
};
