import { and, eq, ne } from 'drizzle-orm';
import type { z } from 'zod';
import { formatNaira } from '../../shared/money.js';
import type { profileUpdateSchema } from '../../shared/schemas/users.js';
import { tellAccountChanged } from '../auth/account-recovery.js';
import { assertContactFree, duplicateContactError } from '../auth/auth-service.js';
import { consumeCode, issueCode } from '../auth/codes.js';
import { endLoginChallenges } from '../auth/login-challenge.js';
import { hashPassword } from '../auth/passwords.js';
import { assertReauthenticated } from '../auth/reauthenticate.js';
import { type AuthUser, publicUserColumns } from '../auth/sessions.js';
import { FORGOTTEN, forgetPersonInAudit, recordAudit } from '../audit/audit.js';
import { forgetContactMessages } from '../contact/contact-service.js';
import type { AppContext } from '../context.js';
import { files, guardians, sessions, users } from '../db/schema.js';
import { deleteFiles, readablePhoto, withFileTransaction } from '../files/files-service.js';
import type { ReceivedFile } from '../files/multipart.js';
import { badRequest, conflict, forbidden } from '../http/errors.js';
import { unpaidFines, type UnpaidFines } from '../ledger/fines.js';
import { forgetMemberInReceipts } from '../ledger/ledger-service.js';
import { enqueueMail, forgetMailAbout } from '../mail/outbox.js';
import { profileMail } from './mail.js';
import { forgetRequestsFrom } from '../talent/booking-service.js';

export type ProfileUpdate = z.output<typeof profileUpdateSchema>;

/** Whether the update asks for a change that needs the current password: a new email, phone number (both sign in) or password. */
export function changesCredentials(user: AuthUser, input: ProfileUpdate): boolean {
  return Boolean(input.password) || (input.email !== undefined && input.email !== user.email) || input.phone !== user.phone;
}

/**
 * Edit profile. A new password ends every other session and the account's address is told; a new
 * email waits in `pendingEmail` until the code sent to it is entered (confirmEmailChange). Both
 * need the current password (checked here, after the caller's rate limit).
 */
export async function updateProfile(
  ctx: AppContext,
  user: AuthUser,
  input: ProfileUpdate,
  picture: ReceivedFile | undefined,
  currentSessionId: string,
): Promise<AuthUser> {
  if (input.userId && input.userId !== user.id) throw forbidden('You can only change your own profile.');
  const newEmail = input.email !== undefined && input.email !== user.email ? input.email : undefined;
  if (changesCredentials(user, input)) await assertReauthenticated(ctx, user, input.currentPassword);
  await assertContactFree(ctx, { email: newEmail, phone: input.phone }, user.id);
  const photo = picture ? await readablePhoto(picture.data, 'Profile picture', { width: 512, height: 512, fit: 'cover' }) : undefined;
  const passwordHash = input.password ? await hashPassword(input.password) : undefined;
  const previousPicture = user.profilePicFileId;

  const updated = await withFileTransaction(ctx, photo ? [{ ownerId: user.id, purpose: 'profile-pic', ...photo }] : [], async (tx, [stored]) => {
    const [row] = await tx
      .update(users)
      .set({
        fullName: input.fullName ?? user.fullName,
        pendingEmail: newEmail ?? user.pendingEmail,
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
      await endLoginChallenges(tx, user.id);
      await tellAccountChanged(ctx, tx, user, 'password');
    }
    if (newEmail) {
      const code = await issueCode(ctx, tx, user.id, 'email-change');
      await enqueueMail(tx, profileMail.emailChangeCode(ctx.mailer.brand, newEmail, user.fullName, code));
    }
    return row;
  }).catch((error: unknown) => {
    throw duplicateContactError(error) ?? error;
  });
  if (!updated) throw new Error('profile update wrote nothing');
  if (passwordHash || newEmail) ctx.mailer.nudge();
  if (photo && previousPicture) {
    const [old] = await ctx.db.select().from(files).where(eq(files.id, previousPicture));
    if (old) await deleteFiles(ctx, [old]);
  }
  return updated;
}

/** Makes the pending email the account's email once the code sent to it is entered; the old address is told. */
export async function confirmEmailChange(ctx: AppContext, user: AuthUser, code: string): Promise<AuthUser> {
  if (!user.pendingEmail) throw badRequest('There is no email change waiting to be confirmed.');
  const newEmail = user.pendingEmail;
  await assertContactFree(ctx, { email: newEmail }, user.id);
  const outcome = await ctx.db
    .transaction(async (tx) => {
      const refusal = await consumeCode(ctx, tx, user.id, 'email-change', code, 'That code is not right.');
      if (refusal) return { refusal };
      const [row] = await tx
        .update(users)
        .set({ email: newEmail, pendingEmail: null })
        .where(and(eq(users.id, user.id), eq(users.pendingEmail, newEmail)))
        .returning(publicUserColumns);
      if (!row) return { refusal: badRequest('There is no email change waiting to be confirmed.') };
      await tellAccountChanged(ctx, tx, user, 'email');
      await recordAudit(tx, {
        actor: { id: user.id, email: newEmail },
        action: 'email.changed',
        subjectType: 'user',
        subjectId: user.id,
        details: { from: user.email },
      });
      return { user: row };
    })
    .catch((error: unknown) => {
      throw duplicateContactError(error) ?? error;
    });
  if ('refusal' in outcome) throw outcome.refusal;
  ctx.mailer.nudge();
  return outcome.user;
}

/**
 * Deletes the member and everything about them: their rows (sessions, codes, notifications, forms,
 * adverts, talent profile, the register's rows and certificates go with the user: privacy/member-tables.ts
 * says for each table), files and stored bytes, mail to or naming them,
 * their contact messages and the booking requests they sent. Payment records and receipts stay for
 * the books without the person (user_id null, no name or member number on the receipt); the audit trail keeps its entries without the member's id
 * or email, and one saying that an account was terminated. Refused (409) while a fine is unpaid:
 * erased, the member could no longer be asked for it (docs/privacy.md).
 */
export async function terminateAccount(ctx: AppContext, user: AuthUser): Promise<void> {
  const owned = await ctx.db.transaction(async (tx) => {
    // Locked first, as staff recording a fine lock it: a fine recorded meanwhile is seen here, or finds no member.
    await tx.select({ id: users.id }).from(users).where(eq(users.id, user.id)).for('update');
    const owed = await unpaidFines(tx, user.id);
    if (owed.count > 0) throw conflict(stillOwed(owed));
    const rows = await tx.select({ id: files.id, storageKey: files.storageKey }).from(files).where(eq(files.ownerId, user.id));
    const formerEmails = await forgetPersonInAudit(tx, user.id);
    const emails = [...new Set([user.email, ...(user.pendingEmail ? [user.pendingEmail] : []), ...formerEmails])];
    const person = { userId: user.id, emails, phone: user.phone };
    await forgetContactMessages(tx, person);
    await forgetRequestsFrom(tx, person);
    // The guardian's mail about the child goes too; their row goes with the account (cascade).
    const guardianEmails = (await tx.select({ email: guardians.email }).from(guardians).where(eq(guardians.userId, user.id))).map((g) => g.email);
    await forgetMailAbout(tx, [...person.emails, ...guardianEmails], [...person.emails, person.phone]);
    await forgetMemberInReceipts(tx, user.id);
    await tx.update(users).set({ profilePicFileId: null }).where(eq(users.id, user.id));
    await tx.delete(files).where(eq(files.ownerId, user.id));
    await tx.delete(users).where(eq(users.id, user.id));
    await recordAudit(tx, { actor: null, action: 'account.terminated', subjectType: 'user', subjectId: FORGOTTEN });
    return rows;
  });
  await Promise.all(owned.map((row) => ctx.storage.remove(row.storageKey)));
}

/** Why the account stays open: the amount owed, and how it gets paid. */
function stillOwed({ count, amountKobo, underReview }: UnpaidFines): string {
  const one = count === 1;
  const fines = `${count} unpaid fine${one ? '' : 's'}`;
  const owed = `You owe ${formatNaira(amountKobo)}`;
  if (underReview === count) {
    return `${owed} (${fines}; ${one ? 'its payment is' : 'their payments are'} under review). You can close your account once our finance team confirms ${one ? 'it' : 'them'}.`;
  }
  const reviewed = underReview > 0 ? `, ${underReview} with a payment under review` : '';
  const toPay = underReview > 0 ? (count - underReview === 1 ? 'the other one' : 'the others') : one ? 'it' : 'them';
  return `${owed} (${fines}${reviewed}). Pay ${toPay} from Payments (/profile/payments) before closing your account.`;
}
