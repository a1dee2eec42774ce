import { desc, eq } from 'drizzle-orm';
import type { AccessLogEntry } from '../../shared/privacy.js';
import { isStaffRole, type StaffRole } from '../../shared/roles.js';
import { recordAudit } from '../audit/audit.js';
import type { AuthUser } from '../auth/sessions.js';
import type { Executor } from '../db/client.js';
import { type files, fileAccessLog } from '../db/schema.js';

type FileRow = typeof files.$inferSelect;

/**
 * A staff member opened or downloaded a member's private file: the member's access log gets a
 * row (shown to them by role), the audit trail an entry (staff see who). Every staff file view
 * goes through here; a member opening their own file is not recorded.
 */
export async function recordFileAccess(db: Executor, viewer: AuthUser, file: Pick<FileRow, 'id' | 'ownerId' | 'purpose'>, reason?: string): Promise<void> {
  if (!file.ownerId || file.ownerId === viewer.id || !isStaffRole(viewer.role)) return;
  await db
    .insert(fileAccessLog)
    .values({ ownerId: file.ownerId, fileId: file.id, filePurpose: file.purpose, staffId: viewer.id, staffRole: viewer.role, reason: reason ?? null });
  // `userId`: the audit forgets it when the member terminates (forgetPersonInAudit).
  await recordAudit(db, {
    actor: viewer,
    action: 'file.view',
    subjectType: 'file',
    subjectId: file.id,
    details: { userId: file.ownerId, purpose: file.purpose, ...(reason && { reason }) },
  });
}

const PURPOSE_WORDS: Record<string, string> = {
  'payment-slip': 'Payment slip',
  'profile-pic': 'Profile picture',
  'talent-photo': 'Talent photo',
  'ad-image': 'Advert image',
};

/** A file's purpose in words: "form:artist-membership" is "Artist membership form upload". */
export function purposeInWords(purpose: string): string {
  if (PURPOSE_WORDS[purpose]) return PURPOSE_WORDS[purpose];
  if (purpose.startsWith('form:')) {
    const form = purpose.slice(5).replace(/-/g, ' ');
    return `${form.charAt(0).toUpperCase()}${form.slice(1)} form upload`;
  }
  return 'Document';
}

/** Who at the company looked at the member's files, newest first, by role (never by name). */
export async function accessLogOf(db: Executor, ownerId: string): Promise<AccessLogEntry[]> {
  const rows = await db
    .select()
    .from(fileAccessLog)
    .where(eq(fileAccessLog.ownerId, ownerId))
    .orderBy(desc(fileAccessLog.createdAt), desc(fileAccessLog.id))
    .limit(500);
  return rows.map((row) => ({ at: row.createdAt.toISOString(), role: row.staffRole as StaffRole, file: purposeInWords(row.filePurpose), reason: row.reason }));
}
