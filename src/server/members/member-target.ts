import { and, eq } from 'drizzle-orm';
import { type AuthUser, publicUserColumns } from '../auth/sessions.js';
import type { Executor, Transaction } from '../db/client.js';
import { users } from '../db/schema.js';
import { notFound } from '../http/errors.js';
import { isUuid } from '../http/parse.js';

const memberOnly = (id: string) => and(eq(users.id, id), eq(users.role, 'member'));

/** The member a staff action is about; a staff account or an unknown id is `Member not found`. */
export async function memberForStaff(db: Executor, id: string): Promise<AuthUser> {
  if (!isUuid(id)) throw notFound('Member not found');
  const [member] = await db.select(publicUserColumns).from(users).where(memberOnly(id));
  if (!member) throw notFound('Member not found');
  return member;
}

/**
 * The same, with the member's row locked for the staff change: slip uploads and approvals take
 * the member's row first too, so every change to one member's standing runs one after another.
 */
export async function lockMemberForStaff(tx: Transaction, id: string): Promise<AuthUser> {
  if (!isUuid(id)) throw notFound('Member not found');
  const [member] = await tx.select(publicUserColumns).from(users).where(memberOnly(id)).for('update');
  if (!member) throw notFound('Member not found');
  return member;
}
