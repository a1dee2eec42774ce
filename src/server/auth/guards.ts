import type { FastifyRequest } from 'fastify';
import { todayInLagos } from '../../shared/dates.js';
import { hasMemberAccess } from '../../shared/membership.js';
import { forbidden, unauthorized } from '../http/errors.js';
import type { AuthUser } from './sessions.js';

/** Guards throw the HTTP answer so that handlers stay straight. */
export function requireUser(request: FastifyRequest): AuthUser {
  if (!request.user) throw unauthorized();
  return request.user;
}

/** A member whose profile is activated and whose membership is paid up (active or in grace). */
export function requireActivated(request: FastifyRequest): AuthUser {
  const user = requireUser(request);
  if (!user.activated) throw forbidden('Your profile is not activated yet. Pay the membership fee and activate it on the fees page.');
  if (user.suspendedAt) throw forbidden(`Your membership is suspended: ${user.suspensionReason ?? 'please contact us'}. Contact us to have it reinstated.`);
  if (!hasMemberAccess({ activated: true, paidUntil: user.paidUntil, suspended: false }, todayInLagos(request.server.ctx.clock()))) {
    throw forbidden('Your membership has lapsed. Renew it on the fees page to use the member forms again.');
  }
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

/** The staff user each request's staff hook let through, for staffUser to hand to the handler. */
const checkedStaff = new WeakMap<FastifyRequest, AuthUser>();

/**
 * The same guards as route hooks: they run on request, before the body is validated, so a
 * visitor or a member learns nothing about a route they may not use from a 400.
 */
export const accessHooks = {
  user: async (request: FastifyRequest) => void requireUser(request),
  activated: async (request: FastifyRequest) => void requireActivated(request),
  /** The one staff hook: admin/routes.ts puts it in front of every /api/admin route. */
  admin: async (request: FastifyRequest) => void checkedStaff.set(request, requireAdmin(request)),
};

/**
 * The staff user of a route behind the staff hook, as the hook checked them, so handlers do
 * not guard again. A route outside the staff plugin has none: that is a bug (500), not a 403.
 */
export function staffUser(request: FastifyRequest): AuthUser {
  const staff = checkedStaff.get(request);
  if (!staff) throw new Error(`${request.method} ${request.routeOptions.url} is not behind the staff hook`);
  return staff;
}
