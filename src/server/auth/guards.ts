import type { FastifyRequest } from 'fastify';
import { todayInLagos } from '../../shared/dates.js';
import { hasMemberAccess } from '../../shared/membership.js';
import { isStaffRole, type StaffRole } from '../../shared/roles.js';
import { forbidden, unauthorized } from '../http/errors.js';
import type { AuthUser } from './sessions.js';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Who may use a member route (MemberAccess): the member plugin (src/server/member-routes.ts) refuses to start a route without it. */
    access?: MemberAccess;
  }
}

/** Guards throw the HTTP answer so that handlers stay straight. */
function requireUser(request: FastifyRequest): AuthUser {
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

/** A staff user with the role narrowed, as the staff hook hands it on. */
export type StaffUser = AuthUser & { role: StaffRole };

export function requireStaff(request: FastifyRequest): StaffUser {
  const user = requireUser(request);
  if (!isStaffRole(user.role)) throw forbidden('Staff only.');
  return user as StaffUser;
}

/** What only members do (the fee wizard, forms, a talent card, ending the account): a staff account is not a member. */
function requireMember(request: FastifyRequest): AuthUser {
  const user = requireUser(request);
  if (isStaffRole(user.role)) throw forbidden('This is for members: a staff account does not have it.');
  return user;
}

/**
 * Who may use a route of the member API (src/server/member-routes.ts), named next to it as
 * `{ config: { access } }`: any signed-in account, staff included (`user`); a member, not staff
 * (`member`); or an activated member whose membership is paid up (`activated`).
 */
export type MemberAccess = 'user' | 'member' | 'activated';

function requireAccess(request: FastifyRequest, access: MemberAccess): AuthUser {
  if (access === 'user') return requireUser(request);
  requireMember(request);
  return access === 'activated' ? requireActivated(request) : requireUser(request);
}

/** The staff user each request's staff hook let through, for staffUser to hand to the handler. */
const checkedStaff = new WeakMap<FastifyRequest, StaffUser>();
/** The user each request's member hook let through, for memberUser to hand to the handler. */
const checkedMembers = new WeakMap<FastifyRequest, AuthUser>();

/**
 * The two hooks, one per side: they run on request, before the body is validated, so a visitor
 * or a member learns nothing about a route they may not use from a 400.
 */
export const accessHooks = {
  /** The one member hook: member-routes.ts puts it in front of every member route, with the route's `access`. */
  member: async (request: FastifyRequest) => {
    const access = request.routeOptions.config.access;
    // Stryker disable next-line ConditionalExpression: every member route names its access (the start stops otherwise), and an unknown path's 404 does not run this hook.
    if (!access) return;
    checkedMembers.set(request, requireAccess(request, access));
  },
  /** The one staff hook: admin/routes.ts puts it in front of every /api/admin route. */
  staff: async (request: FastifyRequest) => void checkedStaff.set(request, requireStaff(request)),
};

/** The role rule of one area of the console, after the staff hook (admin/routes.ts). */
export function requireStaffRole(request: FastifyRequest, roles: readonly StaffRole[]): void {
  if (!roles.includes(staffUser(request).role)) throw forbidden('Your staff role does not cover this part of the console.');
}

/**
 * The staff user of a route behind the staff hook, as the hook checked them, so handlers do
 * not guard again. A route outside the staff plugin has none: that is a bug (500), not a 403.
 */
export function staffUser(request: FastifyRequest): StaffUser {
  const staff = checkedStaff.get(request);
  // Stryker disable next-line ConditionalExpression,StringLiteral: every handler that asks is a route of the staff plugin (admin/routes.ts), whose hook set the user; the message only reaches a 500's log
  if (!staff) throw new Error(`${request.method} ${request.routeOptions.url} is not behind the staff hook`);
  return staff;
}

/**
 * The user of a route behind the member hook, as the hook checked them for the route's `access`,
 * so handlers do not guard again. A route outside the member plugin has none: that is a bug
 * (500), not a 401.
 */
export function memberUser(request: FastifyRequest): AuthUser {
  const user = checkedMembers.get(request);
  // Stryker disable next-line ConditionalExpression,StringLiteral: every handler that asks is behind the member hook, which set the user; the message only reaches a 500's log
  if (!user) throw new Error(`${request.method} ${request.routeOptions.url} is not behind the member hook`);
  return user;
}
