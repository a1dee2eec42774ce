import { and, desc, eq, gte, isNotNull, lte, ne, type SQLWrapper, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { CHARGE_KINDS } from '../../shared/charges.js';
import { displayDate } from '../../shared/display-date.js';
import { todayInLagos } from '../../shared/dates.js';
import {
  AD_IMAGE_SIZE,
  advertEndDate,
  type AdStatus,
  type AdSummary,
  type approveAdSchema,
  type MemberAd,
  type placeAdFields,
  type PublicAd,
  type updateAdSchema,
} from '../../shared/schemas/ads.js';
import { recordAudit } from '../audit/audit.js';
import type { AuthUser } from '../auth/sessions.js';
import type { AppContext } from '../context.js';
import { type Database, type Executor, type Transaction } from '../db/client.js';
import { uniqueViolation } from '../db/errors.js';
import { decidePending } from '../approvals/decide-pending.js';
import { ads, files, payments, users } from '../db/schema.js';
import { deleteFiles, fileUrl, readablePhoto, withFileTransaction } from '../files/files-service.js';
import type { ReceivedFile } from '../files/multipart.js';
import { badRequest, conflict, forbidden, notFound } from '../http/errors.js';
import { enqueueMail } from '../mail/outbox.js';
import { adsMail } from './mail.js';
import { notify } from '../notifications/notifications.js';

type AdRow = typeof ads.$inferSelect;

/** The advert as moderators decided it, with today's date: the staff queue's status. */
function contentStatus(ad: Pick<AdRow, 'state' | 'endDate'>, today: string): AdStatus {
  if (ad.state === 'approved') return ad.endDate && ad.endDate < today ? 'ended' : 'running';
  if (ad.state === 'deleted') return 'ended';
  return ad.state;
}

/** What members see: approved content waits for finance to confirm its payment before it runs. */
export function adStatus(ad: Pick<AdRow, 'state' | 'endDate' | 'paidAt'>, today = todayInLagos()): AdStatus {
  const status = contentStatus(ad, today);
  return status === 'running' && !ad.paidAt ? 'pending' : status;
}

/** The member's latest advert that is not deleted: the one their dashboard shows. */
export function latestAdOf(db: Executor, userId: string | SQLWrapper) {
  return db
    .select()
    .from(ads)
    .where(and(eq(ads.userId, userId), ne(ads.state, 'deleted')))
    .orderBy(desc(ads.createdAt))
    .limit(1);
}

/** An advert as its owner sees it. */
export function toMemberAd(ad: AdRow, today = todayInLagos()): MemberAd {
  return {
    id: ad.id,
    imageUrl: ad.imageFileId ? fileUrl(ad.imageFileId) : null,
    linkUrl: ad.linkUrl,
    altText: ad.altText,
    status: adStatus(ad, today),
    startDate: ad.startDate,
    endDate: ad.endDate,
    reason: ad.reason,
    clicks: ad.clicks,
    weeks: ad.weeks,
  };
}

export async function memberAd(ctx: AppContext, userId: string): Promise<MemberAd | undefined> {
  const [ad] = await latestAdOf(ctx.db, userId);
  return ad && toMemberAd(ad);
}

/**
 * Place Your Ad: the image, link and text wait for a moderator's review, and the slip for the
 * weeks wanted (a payment of kind `ad`) for finance's, like the fee. Paid online instead (only
 * with Paystack configured), the advert is saved without a payment and its checkout is started
 * next (ledger/online-checkout.ts). One live ad per member. Answers the advert's id.
 */
export async function placeAd(
  ctx: AppContext,
  user: AuthUser,
  input: z.output<typeof placeAdFields>,
  image: ReceivedFile | undefined,
  slip: ReceivedFile | undefined,
): Promise<string> {
  if (!user.activated) throw forbidden('Only activated members can place adverts.');
  if (!image) throw badRequest('Ad image is required');
  const online = input.payment === 'online';
  if (online && !ctx.config.paystack) throw badRequest('Online payment is not available: attach the payment slip.');
  if (!online && !slip) throw badRequest('Payment slip is required');
  // Cropped and stretched to exactly the strip's slot.
  const resized = await readablePhoto(image.data, 'Ad image', { ...AD_IMAGE_SIZE, fit: 'cover', enlarge: true });
  const newFiles = [
    { ownerId: user.id, purpose: 'ad-image', ...resized },
    ...(online || !slip ? [] : [{ ownerId: user.id, purpose: 'payment-slip', data: slip.data, mimeType: slip.mimeType }]),
  ];
  return withFileTransaction(ctx, newFiles, async (tx, [stored, slipFile]) => {
    await refuseSecondLiveAd(tx, user.id);
    const [payment] = slipFile
      ? await tx
          .insert(payments)
          .values({ userId: user.id, kind: 'ad', amountKobo: CHARGE_KINDS.ad.amountKobo({ weeks: input.weeks }), slipFileId: slipFile.id })
          .returning({ id: payments.id })
      : [];
    const [ad] = await tx
      .insert(ads)
      .values({ userId: user.id, imageFileId: stored!.id, linkUrl: input.linkUrl, altText: input.altText, weeks: input.weeks, paymentId: payment?.id ?? null })
      .returning({ id: ads.id });
    await notify(tx, user.id, 'ad-received', 'We received your advert. It will appear on the homepage once staff approve it.');
    return ad!.id;
  }).catch((error: unknown) => {
    if (uniqueViolation(error) === 'ads_one_pending_per_member_key') throw conflict(SECOND_LIVE_AD);
    throw error;
  });
}

const SECOND_LIVE_AD = 'You already have an advert. Delete it before placing a new one.';

/**
 * One live (pending or running) advert per member, read under the member's row lock so that two
 * forms sent at once take turns here; the database's one-pending-advert index backs it.
 */
async function refuseSecondLiveAd(tx: Executor, userId: string): Promise<void> {
  // NO KEY UPDATE: the advert's files, recorded just before in this transaction, already hold a key
  // share on the member's row, which a plain UPDATE lock would wait on in two forms at once (a deadlock).
  await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('no key update');
  const [current] = await latestAdOf(tx, userId);
  const status = current && adStatus(current);
  if (status === 'pending' || status === 'running') throw conflict(SECOND_LIVE_AD);
}

/**
 * Delete Ad: the image goes, the three fields become null; the row stays for the books. Its
 * payment is not left behind: one still pending is withdrawn, one already confirmed for an
 * advert that had not ended is listed for finance to decide a refund.
 */
export async function deleteAd(ctx: AppContext, user: AuthUser): Promise<void> {
  const today = todayInLagos(ctx.clock());
  const rows = await ctx.db.transaction(async (tx) => {
    await lockMember(tx, user.id);
    const owned = await tx
      .select()
      .from(ads)
      .where(and(eq(ads.userId, user.id), ne(ads.state, 'deleted')));
    if (owned.length === 0) return [];
    for (const ad of owned) {
      if (contentStatus(ad, today) !== 'pending' && contentStatus(ad, today) !== 'running') continue;
      await settlePaymentOfUnrunAd(tx, ad, {
        withdrawn: 'The member deleted the advert before its payment was confirmed.',
        listed: 'The member deleted the advert before it ended: refund or reverse this payment if money is owed back.',
      });
    }
    await tx
      .update(ads)
      .set({ state: 'deleted', imageFileId: null, linkUrl: null, altText: null })
      .where(and(eq(ads.userId, user.id), ne(ads.state, 'deleted')));
    const ids = owned.map((o) => o.imageFileId).filter((id): id is string => Boolean(id));
    return ids.length
      ? tx
          .select({ id: files.id, storageKey: files.storageKey })
          .from(files)
          .where(sql`${files.id} in ${ids}`)
      : [];
  });
  forgetRunningAds(ctx);
  await deleteFiles(ctx, rows);
}

type RunningAd = Pick<AdRow, 'id' | 'linkUrl' | 'altText' | 'frequency'>;

/**
 * Every landing page asks for the running ads, and they change only when staff decide (content or
 * payment) or a
 * member deletes one: each process keeps the list for a few seconds, and forgets it at once
 * when it makes such a change itself (another process's change shows within the TTL).
 */
const RUNNING_ADS_TTL_MS = 10_000;
const runningAdsCache = new WeakMap<Database, { until: number; today: string; rows: RunningAd[] }>();

export function forgetRunningAds(ctx: AppContext): void {
  runningAdsCache.delete(ctx.db);
}

async function runningAds(ctx: AppContext): Promise<RunningAd[]> {
  const today = todayInLagos();
  const cached = runningAdsCache.get(ctx.db);
  if (cached && cached.today === today && cached.until > Date.now()) return cached.rows;
  const rows = await ctx.db
    .select({ id: ads.id, linkUrl: ads.linkUrl, altText: ads.altText, frequency: ads.frequency })
    .from(ads)
    .where(and(eq(ads.state, 'approved'), isNotNull(ads.paidAt), lte(ads.startDate, today), gte(ads.endDate, today), sql`${ads.imageFileId} is not null`))
    .orderBy(ads.startDate);
  runningAdsCache.set(ctx.db, { until: Date.now() + RUNNING_ADS_TTL_MS, today, rows });
  return rows;
}

/** Ads running today; `randomly` ads are in about half of the answers. */
export async function publicAds(ctx: AppContext, random: () => number = Math.random): Promise<PublicAd[]> {
  return (await runningAds(ctx))
    .filter((row) => row.frequency === 'always' || random() < 0.5)
    .map((row) => ({
      id: row.id,
      imageUrl: `/api/ads/${row.id}/image`,
      linkUrl: row.linkUrl ?? '',
      clickUrl: `/api/ads/${row.id}/click`,
      altText: row.altText ?? '',
      ...AD_IMAGE_SIZE,
    }));
}

async function runningAd(ctx: AppContext, id: string): Promise<AdRow> {
  const today = todayInLagos();
  const [ad] = await ctx.db
    .select()
    .from(ads)
    .where(and(eq(ads.id, id), eq(ads.state, 'approved'), isNotNull(ads.paidAt), lte(ads.startDate, today), gte(ads.endDate, today)));
  if (!ad) throw notFound('Advert not found');
  return ad;
}

/** The image of a running ad, for anyone; pending or ended ads are not public. */
export async function publicAdImage(ctx: AppContext, id: string) {
  const ad = await runningAd(ctx, id);
  const [file] = ad.imageFileId ? await ctx.db.select().from(files).where(eq(files.id, ad.imageFileId)) : [];
  if (!file) throw notFound('Advert not found');
  return file;
}

/** Counts the click and gives the address to send the visitor to. */
export async function recordClick(ctx: AppContext, id: string): Promise<string> {
  const ad = await runningAd(ctx, id);
  if (!ad.linkUrl) throw notFound('Advert not found');
  await ctx.db
    .update(ads)
    .set({ clicks: sql`${ads.clicks} + 1` })
    .where(eq(ads.id, id));
  return ad.linkUrl;
}

function statusCondition(status: AdStatus, today: string) {
  switch (status) {
    case 'pending':
      return eq(ads.state, 'pending');
    case 'rejected':
      return eq(ads.state, 'rejected');
    case 'running':
      return and(eq(ads.state, 'approved'), gte(ads.endDate, today));
    case 'ended':
      return sql`(${ads.state} = 'ended' or (${ads.state} = 'approved' and ${ads.endDate} < ${today}))`;
  }
}

export async function listAds(ctx: AppContext, status: AdStatus): Promise<AdSummary[]> {
  const today = todayInLagos();
  const rows = await ctx.db
    .select({ ad: ads, member: { fullName: users.fullName, email: users.email }, payment: { amountKobo: payments.amountKobo, state: payments.state } })
    .from(ads)
    .innerJoin(users, eq(users.id, ads.userId))
    .leftJoin(payments, eq(payments.id, ads.paymentId))
    .where(statusCondition(status, today))
    .orderBy(status === 'pending' ? ads.createdAt : desc(ads.createdAt))
    .limit(500);
  return rows.map(({ ad, member, payment }) => ({
    id: ad.id,
    userId: ad.userId,
    memberName: member.fullName,
    memberEmail: member.email,
    imageUrl: ad.imageFileId ? fileUrl(ad.imageFileId) : null,
    linkUrl: ad.linkUrl,
    altText: ad.altText,
    title: ad.title,
    weeks: ad.weeks,
    amountKobo: payment?.amountKobo ?? null,
    paymentStatus: payment?.state ?? null,
    status: contentStatus(ad, today),
    startDate: ad.startDate,
    endDate: ad.endDate,
    frequency: ad.frequency,
    reason: ad.reason,
    clicks: ad.clicks,
    createdAt: ad.createdAt.toISOString(),
  }));
}

async function memberOf(tx: Transaction, userId: string) {
  const [member] = await tx
    .select({ id: users.id, email: users.email, fullName: users.fullName, memberNumber: users.memberNumber })
    .from(users)
    .where(eq(users.id, userId));
  if (!member) throw notFound('Member not found');
  return member;
}

/**
 * The member's row, locked first by every decision on an advert or its payment (content here,
 * money in ledger/confirm-payment.ts's lockMemberOfPayment): the member's row, then the advert
 * and its payment, in that one order, so a moderator and finance deciding at the same moment wait
 * for each other instead of deadlocking (each would otherwise hold the row the other needs: the
 * advert, or the member's row the notification's foreign key must share).
 */
async function lockMember(tx: Transaction, userId: string): Promise<void> {
  await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update');
}

async function lockMemberOfAd(tx: Transaction, id: string): Promise<void> {
  const [owner] = await tx.select({ userId: ads.userId }).from(ads).where(eq(ads.id, id));
  if (owner) await lockMember(tx, owner.userId);
}

/**
 * The payment of an advert that will not run (content rejected, or deleted by its member) is not
 * left behind: pending, it is withdrawn (rejected, so it can never be booked for it); confirmed,
 * it stays booked and is listed for finance (its `issue`) to refund or reverse (decision 017).
 */
async function settlePaymentOfUnrunAd(
  tx: Transaction,
  ad: AdRow,
  why: { withdrawn: string; listed: string },
  staff?: AuthUser,
): Promise<'withdrawn' | 'listed' | null> {
  if (!ad.paymentId) return null;
  const [withdrawn] = await tx
    .update(payments)
    .set({ state: 'rejected', reason: why.withdrawn, reviewerId: staff?.id ?? null, reviewedAt: new Date() })
    .where(and(eq(payments.id, ad.paymentId), eq(payments.state, 'pending')))
    .returning({ id: payments.id });
  if (withdrawn) return 'withdrawn';
  const [listed] = await tx
    .update(payments)
    .set({ issue: why.listed })
    .where(and(eq(payments.id, ad.paymentId), eq(payments.state, 'approved')))
    .returning({ id: payments.id });
  return listed ? 'listed' : null;
}

/** The days an advert runs: staff choose the start, the weeks paid set the end. */
interface AdPeriod {
  startDate: string;
  endDate: string;
}

/**
 * A moderator approves the content and its start; the end is the end of the weeks the member paid
 * (`endDate`, if sent, must be that day). The payment is finance's (ledger/confirm-payment.ts).
 */
export async function approveAd(ctx: AppContext, staff: AuthUser, id: string, schedule: z.output<typeof approveAdSchema>): Promise<AdPeriod> {
  const { endDate: askedEnd, ...chosen } = schedule;
  refusePastStart(chosen.startDate, todayInLagos(ctx.clock()));
  const period = await ctx.db.transaction(async (tx) => {
    await lockMemberOfAd(tx, id);
    const ad = await decidePending(tx, ads, id, staff, { state: 'approved', ...chosen });
    const endDate = paidEndDate(ad.weeks, chosen.startDate, askedEnd);
    await tx.update(ads).set({ endDate }).where(eq(ads.id, id));
    const member = await memberOf(tx, ad.userId);
    await recordAudit(tx, { actor: staff, action: 'ad.approved', subjectType: 'ad', subjectId: id, details: { ...chosen, endDate, paymentId: ad.paymentId } });
    const when = `from ${displayDate(chosen.startDate)} to ${displayDate(endDate)}`;
    const runs = ad.paidAt ? when : `${when}, once our finance team confirms your payment`;
    await notify(tx, member.id, 'ad-approved', `Your advert was approved and runs ${runs}.`);
    await enqueueMail(tx, adsMail.adApproved(ctx.mailer.brand, member.email, member.fullName, runs));
    return { startDate: chosen.startDate, endDate };
  });
  ctx.mailer.nudge();
  forgetRunningAds(ctx);
  return period;
}

function refusePastStart(startDate: string, today: string): void {
  if (startDate < today) throw badRequest(`The start date cannot be before today (${displayDate(today)}).`);
}

/**
 * The end of the weeks paid from `startDate`. Running longer is a new charge, which only finance
 * confirms: so no staff end date but that one is taken.
 */
function paidEndDate(weeks: number, startDate: string, askedEnd: string | undefined): string {
  const endDate = advertEndDate(startDate, weeks);
  if (askedEnd === undefined || askedEnd === endDate) return endDate;
  const paid = `An advert runs for the weeks paid (${weeks} week${weeks === 1 ? '' : 's'}: to ${displayDate(endDate)}).`;
  throw badRequest(
    askedEnd > endDate ? `${paid} To run it longer, the member places and pays a new advert.` : `${paid} To take it off sooner, end it once it runs.`,
  );
}

/** A moderator rejects the content: its payment is withdrawn if pending, or listed for finance to refund if paid. */
export async function rejectAd(ctx: AppContext, staff: AuthUser, id: string, reason: string): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    await lockMemberOfAd(tx, id);
    const ad = await decidePending(tx, ads, id, staff, { state: 'rejected', reason });
    const money = await settlePaymentOfUnrunAd(
      tx,
      ad,
      { withdrawn: reason, listed: `The advert’s content was rejected (${reason}): refund or reverse this payment.` },
      staff,
    );
    await recordAudit(tx, { actor: staff, action: 'ad.rejected', subjectType: 'ad', subjectId: id, details: { reason, ...(money ? { payment: money } : {}) } });
    const member = await memberOf(tx, ad.userId);
    const refund = money === 'listed' ? ' Our finance team will return your payment.' : '';
    await notify(tx, member.id, 'ad-rejected', `Your advert was not approved: ${reason}${refund}`);
    await enqueueMail(tx, adsMail.adRejected(ctx.mailer.brand, member.email, member.fullName, reason));
  });
  ctx.mailer.nudge();
}

/**
 * Staff move an approved ad's start (its paid weeks move with it), change how often it shows, or
 * end it early. An advert that has been on the homepage keeps its start: moving it would show it
 * longer than the weeks paid.
 */
export async function updateAd(ctx: AppContext, staff: AuthUser, id: string, change: z.output<typeof updateAdSchema>): Promise<void> {
  const today = todayInLagos(ctx.clock());
  await ctx.db.transaction(async (tx) => {
    const [ad] = await tx.select().from(ads).where(eq(ads.id, id));
    if (!ad) throw notFound('Advert not found');
    if (ad.state !== 'approved') throw conflict('Only an approved advert can be rescheduled or ended.');
    const { end, startDate, endDate, ...shown } = change;
    const period = end ? { state: 'ended' as const, endDate: today } : movedPeriod(ad, startDate, endDate, today);
    await tx
      .update(ads)
      .set({ ...shown, ...period })
      .where(eq(ads.id, id));
    await recordAudit(tx, { actor: staff, action: end ? 'ad.ended' : 'ad.rescheduled', subjectType: 'ad', subjectId: id, details: { ...change, ...period } });
    if (end) await notify(tx, ad.userId, 'ad-ended', 'Your advert was taken off the homepage by staff.');
  });
  forgetRunningAds(ctx);
}

/** The period after a change of start: nothing to change unless a start or end was sent. */
function movedPeriod(ad: AdRow, askedStart: string | undefined, askedEnd: string | undefined, today: string): Partial<AdPeriod> {
  if (askedStart === undefined && askedEnd === undefined) return {};
  const startDate = askedStart ?? ad.startDate ?? today;
  if (startDate !== ad.startDate) {
    refusePastStart(startDate, today);
    if (ad.paidAt && ad.startDate && ad.startDate <= today) {
      throw conflict(
        `This advert has run since ${displayDate(ad.startDate)}: its start cannot move, or it would run longer than the weeks paid. End it early instead.`,
      );
    }
  }
  return { startDate, endDate: paidEndDate(ad.weeks, startDate, askedEnd) };
}
