import { type ConsoleArea, mayUse, type Role } from '../../shared/roles.js';

/** The console area each kind of stored file belongs to (a form's uploads are `form:<kind>`). */
const AREA_OF_PURPOSE: Record<string, ConsoleArea> = {
  'payment-slip': 'payments',
  'profile-pic': 'members',
  'talent-photo': 'talent',
  'ad-image': 'ads',
  'event-image': 'events',
  'gallery-image': 'events',
};

/**
 * The part of the console a stored file belongs to: a staff member may look at it only with that
 * part (a finance user reads slips, not the documents sent with a form). A purpose not named here
 * is the admin's alone.
 */
export function consoleAreaOfFile(purpose: string): ConsoleArea {
  if (purpose.startsWith('form:')) return 'submissions';
  return AREA_OF_PURPOSE[purpose] ?? 'staff';
}

export function staffMayOpenFile(role: Role, purpose: string): boolean {
  return mayUse(role, consoleAreaOfFile(purpose));
}
