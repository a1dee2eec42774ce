import { randomBytes } from 'node:crypto';
import { and, desc, eq, inArray, or } from 'drizzle-orm';
import type { z } from 'zod';
import { formatNaira } from '../../shared/money.js';
import type { BookingRequest, bookingRequestSchema } from '../../shared/schemas/talent.js';
import type { AuthUser } from '../auth/sessions.js';
import type { AppContext } from '../context.js';
import type { Executor } from '../db/client.js';
import { uniqueViolation } from '../db/errors.js';
import { bookingRequests, talentProfiles, users } from '../db/schema.js';
import { conflict, notFound } from '../http/errors.js';
import { enqueueMail } from '../mail/outbox.js';
import { mailTemplates } from '../mail/templates.js';
import { notify } from '../notifications/notifications.js';
import { listed } from './talent-queries.js';

type RequestRow = typeof bookingRequests.$inferSelect;

export function requestView(row: RequestRow): BookingRequest {
  return {
    id: row.id,
    reference: row.reference,
    state: row.state,
    businessName: row.businessName,
    contactName: row.contactName,
    email: row.email,
    phone: row.phone,
    dateFrom: row.dateFrom,
    dateTo: row.dateTo,
    location: row.location,
    budgetKobo: row.budgetKobo,
    message: row.message,
    responseMessage: row.responseMessage,
    createdAt: row.createdAt.toISOString(),
  };
}

/** BK- and six hex digits: short enough to read out on the phone. */
function newReference(): string {
  return `BK-${randomBytes(3).toString('hex').toUpperCase()}`;
}

function requestSummary(input: z.output<typeof bookingRequestSchema>, budgetKobo: number): string {
  return `${input.businessName} (${input.contactName}, ${input.email}, ${input.phone}) from ${input.dateFrom} to ${input.dateTo} in ${input.location}, budget ${formatNaira(budgetKobo)}. Message: ${input.message}`;
}

/** A business asks a listed talent for a booking; no account needed. */
export async function createRequest(ctx: AppContext, profileId: string, input: z.output<typeof bookingRequestSchema>): Promise<{ reference: string }> {
  const [talent] = await ctx.db
    .select({ profileId: talentProfiles.id, stageName: talentProfiles.stageName, userId: users.id, email: users.email, fullName: users.fullName })
    .from(talentProfiles)
    .innerJoin(users, eq(users.id, talentProfiles.userId))
    .where(and(eq(talentProfiles.id, profileId), listed()));
  if (!talent) throw notFound('Talent profile not found');
  const budgetKobo = Math.round(input.budgetNaira * 100);
  const summary = requestSummary(input, budgetKobo);
  for (let attempt = 0; ; attempt++) {
    const reference = newReference();
    try {
      await ctx.db.transaction(async (tx) => {
        await tx.insert(bookingRequests).values({
          reference,
          profileId: talent.profileId,
          businessName: input.businessName,
          contactName: input.contactName,
          email: input.email,
          phone: input.phone,
          dateFrom: input.dateFrom,
          dateTo: input.dateTo,
          location: input.location,
          budgetKobo,
          message: input.message,
        });
        await notify(tx, talent.userId, 'booking-request', `New booking request ${reference} from ${input.businessName}. Open your talent profile to answer it.`);
        await enqueueMail(tx, mailTemplates.bookingReceived(ctx.mailer.brand, input.email, input.contactName, reference, talent.stageName));
        await enqueueMail(tx, mailTemplates.bookingForTalent(ctx.mailer.brand, talent.email, talent.fullName, reference, summary));
        if (ctx.config.admin) {
          await enqueueMail(tx, mailTemplates.bookingForStaff(ctx.mailer.brand, ctx.config.admin.email, reference, `${talent.stageName} asked by ${summary}`));
        }
      });
      ctx.mailer.nudge();
      return { reference };
    } catch (error) {
      // Another request took the same reference: draw again.
      if (attempt < 5 && uniqueViolation(error) === 'booking_requests_reference_key') continue;
      throw error;
    }
  }
}

export async function myRequests(ctx: AppContext, user: AuthUser): Promise<BookingRequest[]> {
  const rows = await ctx.db
    .select({ request: bookingRequests })
    .from(bookingRequests)
    .innerJoin(talentProfiles, eq(talentProfiles.id, bookingRequests.profileId))
    .where(eq(talentProfiles.userId, user.id))
    .orderBy(desc(bookingRequests.createdAt), desc(bookingRequests.id))
    .limit(200);
  return rows.map((row) => requestView(row.request));
}

/** The talent accepts or declines a new request once; the business is told by email. */
export async function answerRequest(ctx: AppContext, user: AuthUser, id: string, accept: boolean, message: string | undefined): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    const [owned] = await tx
      .select({ request: bookingRequests, stageName: talentProfiles.stageName })
      .from(bookingRequests)
      .innerJoin(talentProfiles, eq(talentProfiles.id, bookingRequests.profileId))
      .where(and(eq(bookingRequests.id, id), eq(talentProfiles.userId, user.id)));
    if (!owned) throw notFound('Booking request not found');
    const [updated] = await tx
      .update(bookingRequests)
      .set({ state: accept ? 'accepted' : 'declined', responseMessage: message ?? null, respondedAt: new Date() })
      .where(and(eq(bookingRequests.id, id), eq(bookingRequests.state, 'new')))
      .returning();
    if (!updated) throw conflict(`This booking request was already ${owned.request.state}.`);
    await enqueueMail(
      tx,
      mailTemplates.bookingAnswered(ctx.mailer.brand, updated.email, updated.contactName, updated.reference, owned.stageName, accept, message ?? null),
    );
  });
  ctx.mailer.nudge();
}

/** Removes the booking requests a terminated member sent as a business, from their email or phone number. */
export async function forgetRequestsFrom(db: Executor, person: { emails: string[]; phone: string }): Promise<void> {
  await db.delete(bookingRequests).where(or(inArray(bookingRequests.email, person.emails), eq(bookingRequests.phone, person.phone)));
}
