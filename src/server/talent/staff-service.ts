import { and, count, desc, eq, inArray, ne } from 'drizzle-orm';
import type { BookingRequestSummary, TalentProfileSummary } from '../../shared/schemas/talent.js';
import type { BookingState } from '../../shared/talent-options.js';
import { recordAudit } from '../audit/audit.js';
import type { AuthUser } from '../auth/sessions.js';
import type { AppContext } from '../context.js';
import { bookingRequests, talentPhotos, talentProfiles, users } from '../db/schema.js';
import { conflict, notFound } from '../http/errors.js';
import { notify } from '../notifications/notifications.js';
import { requestView } from './booking-service.js';

export async function listRequests(ctx: AppContext, status: BookingState | 'all'): Promise<BookingRequestSummary[]> {
  const rows = await ctx.db
    .select({ request: bookingRequests, stageName: talentProfiles.stageName, memberName: users.fullName, memberEmail: users.email })
    .from(bookingRequests)
    .innerJoin(talentProfiles, eq(talentProfiles.id, bookingRequests.profileId))
    .innerJoin(users, eq(users.id, talentProfiles.userId))
    .where(status === 'all' ? undefined : eq(bookingRequests.state, status))
    .orderBy(desc(bookingRequests.createdAt), desc(bookingRequests.id))
    .limit(500);
  return rows.map((row) => ({
    ...requestView(row.request),
    profileId: row.request.profileId,
    stageName: row.stageName,
    memberName: row.memberName,
    memberEmail: row.memberEmail,
  }));
}

export async function closeRequest(ctx: AppContext, staff: AuthUser, id: string): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    const [updated] = await tx
      .update(bookingRequests)
      .set({ state: 'closed', closedBy: staff.id, closedAt: new Date() })
      .where(and(eq(bookingRequests.id, id), ne(bookingRequests.state, 'closed')))
      .returning({ reference: bookingRequests.reference });
    if (!updated) {
      const [exists] = await tx.select({ id: bookingRequests.id }).from(bookingRequests).where(eq(bookingRequests.id, id));
      if (!exists) throw notFound('Booking request not found');
      throw conflict('This booking request is already closed.');
    }
    await recordAudit(tx, { actor: staff, action: 'booking.closed', subjectType: 'booking_request', subjectId: id, details: { reference: updated.reference } });
  });
}

export async function listProfiles(ctx: AppContext): Promise<TalentProfileSummary[]> {
  const rows = await ctx.db
    .select({ profile: talentProfiles, memberName: users.fullName, memberEmail: users.email })
    .from(talentProfiles)
    .innerJoin(users, eq(users.id, talentProfiles.userId))
    .orderBy(desc(talentProfiles.updatedAt))
    .limit(500);
  const ids = rows.map((row) => row.profile.id);
  const [photoCounts, requestCounts] = ids.length
    ? await Promise.all([
        ctx.db
          .select({ id: talentPhotos.profileId, n: count() })
          .from(talentPhotos)
          .where(inArray(talentPhotos.profileId, ids))
          .groupBy(talentPhotos.profileId),
        ctx.db
          .select({ id: bookingRequests.profileId, n: count() })
          .from(bookingRequests)
          .where(inArray(bookingRequests.profileId, ids))
          .groupBy(bookingRequests.profileId),
      ])
    : [[], []];
  const countOf = (list: { id: string; n: number }[], id: string) => list.find((c) => c.id === id)?.n ?? 0;
  return rows.map(({ profile, memberName, memberEmail }) => ({
    id: profile.id,
    stageName: profile.stageName,
    category: profile.category,
    published: profile.published,
    hidden: profile.hidden,
    hiddenReason: profile.hiddenReason,
    memberName,
    memberEmail,
    photoCount: countOf(photoCounts, profile.id),
    requestCount: countOf(requestCounts, profile.id),
  }));
}

/** Staff take a profile that breaks the terms out of the directory, or put it back. */
export async function setProfileHidden(ctx: AppContext, staff: AuthUser, id: string, hidden: boolean, reason?: string): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    const [profile] = await tx
      .update(talentProfiles)
      .set({ hidden, hiddenReason: hidden ? (reason ?? null) : null })
      .where(eq(talentProfiles.id, id))
      .returning();
    if (!profile) throw notFound('Talent profile not found');
    await recordAudit(tx, {
      actor: staff,
      action: hidden ? 'talent.hidden' : 'talent.unhidden',
      subjectType: 'talent_profile',
      subjectId: id,
      details: hidden ? { reason } : {},
    });
    await notify(
      tx,
      profile.userId,
      hidden ? 'talent-hidden' : 'talent-unhidden',
      hidden ? `Staff took your talent profile out of the directory: ${reason ?? ''}`.trim() : 'Staff put your talent profile back in the directory.',
    );
  });
}
