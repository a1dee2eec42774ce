import { createHmac, randomBytes, randomInt, randomUUID, timingSafeEqual } from 'node:crypto';
import { and, desc, eq, gt, inArray, lt, or, sql } from 'drizzle-orm';
import { displayDate } from '../../shared/display-date.js';
import { formatNaira } from '../../shared/money.js';
import type { BookingRequest, BookingRequestFields } from '../../shared/schemas/talent.js';
import { MAX_WRONG_TRIES } from '../auth/codes.js';
import type { AuthUser } from '../auth/sessions.js';
import { todayInLagos } from '../../shared/dates.js';
import type { AppContext } from '../context.js';
import type { Executor } from '../db/client.js';
import { uniqueViolation } from '../db/errors.js';
import { bookingConfirmations, bookingRequests, talentProfiles, users } from '../db/schema.js';
import { badRequest, conflict, notFound } from '../http/errors.js';
import { enqueueMail } from '../mail/outbox.js';
import { talentMail } from './mail.js';
import { notify } from '../notifications/notifications.js';
import { guardianContact } from '../privacy/guardian-service.js';
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

function requestSummary(input: BookingRequestFields, budgetKobo: number): string {
  return `${input.businessName} (${input.contactName}, ${input.email}, ${input.phone}) from ${displayDate(input.dateFrom)} to ${displayDate(input.dateTo)} in ${input.location}, budget ${formatNaira(budgetKobo)}. Message: ${input.message}`;
}

const CONFIRM_TTL_MS = 30 * 60 * 1000;

function confirmationHash(ctx: AppContext, confirmationId: string, code: string): string {
  // Keyed: six digits alone could be guessed back from a leaked table.
  return createHmac('sha256', ctx.config.sessionSecret).update(`booking:${confirmationId}:${code}`).digest('base64url');
}

async function listedTalent(ctx: AppContext, profileId: string) {
  const [talent] = await ctx.db
    .select({ profileId: talentProfiles.id, stageName: talentProfiles.stageName, userId: users.id, email: users.email, fullName: users.fullName })
    .from(talentProfiles)
    .innerJoin(users, eq(users.id, talentProfiles.userId))
    .where(and(eq(talentProfiles.id, profileId), listed(todayInLagos(ctx.clock()))));
  if (!talent) throw notFound('Talent profile not found');
  return talent;
}

/**
 * A business asks a listed talent for a booking; no account needed. The portal would otherwise
 * mail any address text of the sender's choosing, so the request waits until the business
 * enters the code mailed to its address, a mail that carries nothing the sender wrote.
 */
export async function requestBooking(ctx: AppContext, profileId: string, input: BookingRequestFields): Promise<{ confirmationId: string }> {
  const talent = await listedTalent(ctx, profileId);
  const confirmationId = randomUUID();
  const code = randomInt(0, 1_000_000).toString().padStart(6, '0');
  await ctx.db.transaction(async (tx) => {
    await tx.insert(bookingConfirmations).values({
      id: confirmationId,
      profileId: talent.profileId,
      email: input.email,
      phone: input.phone,
      request: input,
      codeHash: confirmationHash(ctx, confirmationId, code),
      expiresAt: new Date(Date.now() + CONFIRM_TTL_MS),
    });
    await enqueueMail(tx, talentMail.bookingConfirmCode(ctx.mailer.brand, input.email, code));
  });
  ctx.mailer.nudge();
  return { confirmationId };
}

const CONFIRMATION_GONE = 'This booking request has expired or had too many wrong codes. Please send it again.';

/** The business enters the code: its request goes to the talent and staff, and it gets its reference. */
export async function confirmBooking(ctx: AppContext, confirmationId: string, code: string): Promise<{ reference: string }> {
  // The try is counted before the comparison, in one UPDATE, so guesses sent at once cannot pass the limit.
  const [pending] = await ctx.db
    .update(bookingConfirmations)
    .set({ attempts: sql`${bookingConfirmations.attempts} + 1` })
    .where(and(eq(bookingConfirmations.id, confirmationId), lt(bookingConfirmations.attempts, MAX_WRONG_TRIES), gt(bookingConfirmations.expiresAt, sql`now()`)))
    .returning();
  if (!pending) throw badRequest(CONFIRMATION_GONE);
  const expected = Buffer.from(pending.codeHash);
  const given = Buffer.from(confirmationHash(ctx, pending.id, code));
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) throw badRequest('That code is not right.');
  const talent = await listedTalent(ctx, pending.profileId);
  return sendRequest(ctx, talent, pending.request, async (tx) => {
    const claimed = await tx.delete(bookingConfirmations).where(eq(bookingConfirmations.id, pending.id)).returning({ id: bookingConfirmations.id });
    if (claimed.length === 0) throw badRequest(CONFIRMATION_GONE);
  });
}

/** Confirmations nobody entered the code for in time. */
export async function deleteExpiredConfirmations(db: Executor): Promise<void> {
  await db.delete(bookingConfirmations).where(lt(bookingConfirmations.expiresAt, sql`now()`));
}

/** Records the request, tells the talent and staff, and mails the business its reference, all in one transaction with `claim`. */
async function sendRequest(
  ctx: AppContext,
  talent: Awaited<ReturnType<typeof listedTalent>>,
  input: BookingRequestFields,
  claim: (tx: Executor) => Promise<void>,
): Promise<{ reference: string }> {
  const budgetKobo = Math.round(input.budgetNaira * 100);
  const summary = requestSummary(input, budgetKobo);
  for (let attempt = 0; ; attempt++) {
    const reference = newReference();
    try {
      await ctx.db.transaction(async (tx) => {
        await claim(tx);
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
        await notify(
          tx,
          talent.userId,
          'booking-request',
          `New booking request ${reference} from ${input.businessName}. Open your talent profile to answer it.`,
        );
        await enqueueMail(tx, talentMail.bookingReceived(ctx.mailer.brand, input.email, input.contactName, reference, talent.stageName));
        await enqueueMail(tx, talentMail.bookingForTalent(ctx.mailer.brand, talent.email, talent.fullName, reference, summary));
        const guardian = await guardianContact(tx, talent.userId);
        if (guardian)
          await enqueueMail(tx, talentMail.bookingForGuardian(ctx.mailer.brand, guardian.email, guardian.name, talent.fullName, reference, summary));
        if (ctx.config.admin) {
          await enqueueMail(tx, talentMail.bookingForStaff(ctx.mailer.brand, ctx.config.admin.email, reference, `${talent.stageName} asked by ${summary}`));
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
      talentMail.bookingAnswered(ctx.mailer.brand, updated.email, updated.contactName, updated.reference, owned.stageName, accept, message ?? null),
    );
  });
  ctx.mailer.nudge();
}

/** Removes the booking requests a terminated member sent as a business, from their email or phone number, confirmed or not. */
export async function forgetRequestsFrom(db: Executor, person: { emails: string[]; phone: string }): Promise<void> {
  await db.delete(bookingRequests).where(or(inArray(bookingRequests.email, person.emails), eq(bookingRequests.phone, person.phone)));
  await db.delete(bookingConfirmations).where(or(inArray(bookingConfirmations.email, person.emails), eq(bookingConfirmations.phone, person.phone)));
}
