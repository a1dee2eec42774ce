import { eq } from 'drizzle-orm';
import { isStaffRole } from '../../shared/roles.js';
import type { AuthUser } from '../auth/sessions.js';
import type { AppContext } from '../context.js';
import { files } from '../db/schema.js';
import type { FileRow } from '../files/files-service.js';
import { forbidden, notFound } from '../http/errors.js';
import { recordFileAccess } from './access-log.js';
import { staffMayOpenFile } from './file-areas.js';

/**
 * The file for a download: only its owner and staff whose role has the file's console area
 * (file-areas.ts) may read it; other staff get 403, anyone else 404. A staff look is recorded for
 * the member (with the reason the console gave, if any).
 */
export async function findReadableFile(ctx: AppContext, id: string, viewer: AuthUser | null, reason?: string): Promise<FileRow> {
  const [row] = await ctx.db.select().from(files).where(eq(files.id, id)).limit(1);
  if (!row || !viewer || (!isStaffRole(viewer.role) && row.ownerId !== viewer.id)) throw notFound('File not found');
  if (row.ownerId !== viewer.id && !staffMayOpenFile(viewer.role, row.purpose)) throw forbidden('Your staff role does not cover this file.');
  await recordFileAccess(ctx.db, viewer, row, reason);
  return row;
}
