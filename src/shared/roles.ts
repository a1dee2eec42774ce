// No zod here: the navbar and the router read roles on every page, before any form is opened.

/**
 * Who an account is. A member uses the portal; staff run it: an admin does everything and
 * manages staff and settings, finance the money, a moderator what members publish and send.
 */
export const ROLES = ['member', 'admin', 'finance', 'moderator'] as const;
export type Role = (typeof ROLES)[number];

export const STAFF_ROLES = ['admin', 'finance', 'moderator'] as const satisfies readonly Role[];
export type StaffRole = (typeof STAFF_ROLES)[number];

export const ROLE_LABELS: Record<StaffRole, string> = {
  admin: 'Admin',
  finance: 'Finance',
  moderator: 'Moderator',
};

export function isStaffRole(role: Role): role is StaffRole {
  return role !== 'member';
}

/**
 * The parts of the staff console and the roles that may use each: the server's role rule
 * (admin/routes.ts) and the console's menu read this one table. `me` is a staff member's own
 * sign-in settings.
 */
export const CONSOLE_ROLES = {
  me: STAFF_ROLES,
  /** The console home: what is waiting, counted for the parts each role may use. */
  home: STAFF_ROLES,
  members: STAFF_ROLES,
  payments: ['admin', 'finance'],
  /** A member's money and standing on their page (/members/:id/...): ledger, fines, paid-until, suspension. */
  membership: ['admin', 'finance'],
  audit: ['admin', 'finance'],
  ads: ['admin', 'moderator'],
  submissions: ['admin', 'moderator'],
  premieres: ['admin', 'moderator'],
  /** The events calendar and the gallery members see on /events. */
  events: ['admin', 'moderator'],
  /** The company's week: sessions, their dates, and the register at the door. */
  schedule: ['admin', 'moderator'],
  talent: ['admin', 'moderator'],
  /** Casting calls: posting them, reviewing applicants, shortlisting, casting and closing (what members publish and send, as talent is). */
  castings: ['admin', 'moderator'],
  /** The contact page's messages: read, replied to and handled. */
  messages: ['admin', 'moderator'],
  /** The business in figures, and the members and payments exports. */
  reports: ['admin', 'finance'],
  staff: ['admin'],
  /** The plans' names, prices and perks. */
  plans: ['admin'],
  /** Messages to groups of members. */
  announcements: ['admin', 'moderator'],
  /** The company details the public pages and mail show. */
  settings: ['admin'],
  /** Mail the portal gave up on: every staff member sees the notice on the console. */
  mail: STAFF_ROLES,
} as const satisfies Record<string, readonly StaffRole[]>;
export type ConsoleArea = keyof typeof CONSOLE_ROLES;

export function mayUse(role: Role, area: ConsoleArea): boolean {
  return (CONSOLE_ROLES[area] as readonly Role[]).includes(role);
}
