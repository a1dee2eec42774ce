import { and, eq, ne } from 'drizzle-orm';
import type { z } from 'zod';
import type { profileUpdateSchema } from '../../shared/schemas/users.js';
import { assertContactFree, duplicateContactError } from '../auth/auth-service.js';
import { hashPassword } from '../auth/passwords.js';
import { type AuthUser, publicUserColumns } from '../auth/sessions.js';
import { recordAudit } from '../audit/audit.js';
import type { AppContext } from '../context.js';
import { files, sessions, users } from '../db/schema.js';
import { deleteFiles, readablePhoto, withFileTransaction } from '../files/files-service.js';
import type { ReceivedFile } from '../files/multipart.js';
import { forbidden } from '../http/errors.js';

export type ProfileUpdate = z.output<typeof profileUpdateSchema>;

export async function updateProfile(
  ctx: AppContext,
  user: AuthUser,
  input: ProfileUpdate,
  picture: ReceivedFile | undefined,
  currentSessionId: string,
): Promise<AuthUser> {
  if (input.userId && input.userId !== user.id) throw forbidden('You can only change your own profile.');
  await assertContactFree(ctx, { email: input.email, phone: input.phone }, user.id);
  const photo = picture ? await readablePhoto(picture.data, 'Profile picture', { width: 512, height: 512, fit: 'cover' }) : undefined;
  const passwordHash = input.password ? await hashPassword(input.password) : undefined;
  const previousPicture = user.profilePicFileId;

  const updated = await withFileTransaction(ctx, async (tx, store) => {
    const stored = photo ? await store({ ownerId: user.id, purpose: 'profile-pic', ...photo }) : undefined;
    const [row] = await tx
      .update(users)
      .set({
        fullName: input.fullName ?? user.fullName,
        email: input.email ?? user.email,
        phone: input.phone,
        title: input.title,
        bio: input.bio ?? null,
        address: input.address ?? user.address,
        ...(passwordHash ? { passwordHash } : {}),
        ...(stored ? { profilePicFileId: stored.id } : {}),
      })
      .where(eq(users.id, user.id))
      .returning(publicUserColumns);
    if (passwordHash) {
      // A new password signs the account out everywhere else.
      await tx.delete(sessions).where(and(eq(sessions.userId, user.id), ne(sessions.id, currentSessionId)));
    }
    return row;
  }).catch((error: unknown) => {
    throw duplicateContactError(error) ?? error;
  });
  if (!updated) throw new Error('profile update wrote nothing');
  if (photo && previousPicture) {
    const [old] = await ctx.db.select().from(files).where(eq(files.id, previousPicture));
    if (old) await deleteFiles(ctx, [old]);
  }
  return updated;
}

/**
 * Deletes the member and everything personal: files, sessions, codes, notifications.
 * Payment records stay for the books but lose the person (their user_id becomes null).
 */
export async function terminateAccount(ctx: AppContext, user: AuthUser): Promise<void> {
  const owned = await ctx.db.transaction(async (tx) => {
    const rows = await tx.select({ id: files.id, storageKey: files.storageKey }).from(files).where(eq(files.ownerId, user.id));
    await tx.update(users).set({ profilePicFileId: null }).where(eq(users.id, user.id));
    await tx.delete(files).where(eq(files.ownerId, user.id));
    await tx.delete(users).where(eq(users.id, user.id));
    await recordAudit(tx, { actor: null, action: 'account.terminated', subjectType: 'user', subjectId: user.id });
    return rows;
  });
  await Promise.all(owned.map((row) => ctx.storage.remove(row.storageKey)));
}
