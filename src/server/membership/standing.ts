import { and, eq, isNotNull, isNull } from 'drizzle-orm';
import { addYears } from 'date-fns/addYears';
import { format } from 'date-fns/format';
import { parseISO } from 'date-fns/parseISO';
import { displayDate } from '../../shared/display-date.js';
import { shiftDate, todayInLagos } from '../../shared/dates.js';
import { formatMemberNumber, GRACE_DAYS, membershipState } from '../../shared/membership.js';
import type { MemberStanding } from '../../shared/schemas/membership.js';
import { lockMemberForStaff, memberForStaff } from '../members/member-target.js';
import { recordAudit } from '../audit/audit.js';
import { hasRecentCode } from '../auth/codes.js';
import type { AuthUser } from '../auth/sessions.js';
import type { AppContext } from '../context.js';
import { users } from '../db/schema.js';
import { badRequest, conflict } from '../http/errors.js';
import { enqueueMail } from '../mail/outbox.js';
import { membershipMail } from './mail.js';
import { notify } from '../notifications/notifications.js';
import { latestFeePayment, mailFreshOtp } from './membership-service.js';

/** How far ahead staff may set paid-until: a typed 2062 for 2026 is a mistake, not a gift. */
const MAX_YEARS_AHEAD = 5;

/** A member's membership as staff see it on the member's page. */
export async function memberStanding(ctx: AppContext, memberId: string): Promise<MemberStanding> {
  const member = await memberForStaff(ctx.db, memberId);
  const payment = await latestFeePayment(ctx.db, member.id);
  const facts = { activated: member.activated, paidUntil: member.paidUntil, suspended: Boolean(member.suspendedAt), latestPayment: payment?.state ?? null };
  return {
    state: membershipState(facts, todayInLagos(ctx.clock())),
    paidUntil: member.paidUntil,
    graceUntil: member.paidUntil ? shiftDate(member.paidUntil, GRACE_DAYS) : null,
    memberNumber: member.memberNumber === null ? null : formatMemberNumber(member.memberNumber),
    activated: member.activated,
    suspendedAt: member.suspendedAt?.toISOString() ?? null,
    suspendedReason: member.suspendedAt ? member.suspensionReason : null,
    awaitingActivation: !member.activated && payment?.state === 'approved',
  };
}

/** Staff set paid-until by hand (a correction, complimentary months); audited with the old date, and the member is told. */
export async function adjustPaidUntil(ctx: AppContext, staff: AuthUser, memberId: string, paidUntil: string, reason: string): Promise<void> {
  const latest = format(addYears(parseISO(todayInLagos(ctx.clock())), MAX_YEARS_AHEAD), 'yyyy-MM-dd');
  if (paidUntil > latest) throw badRequest(`Paid until can be at most ${MAX_YEARS_AHEAD} years ahead (${displayDate(latest)}).`);
  await ctx.db.transaction(async (tx) => {
    const member = await lockMemberForStaff(tx, memberId);
    await tx.update(users).set({ paidUntil }).where(eq(users.id, member.id));
    await recordAudit(tx, {
      actor: staff,
      action: 'membership.adjusted',
      subjectType: 'user',
      subjectId: member.id,
      details: { from: member.paidUntil, to: paidUntil, reason },
    });
    await notify(tx, member.id, 'membership-adjusted', `Our staff set your membership as paid until ${displayDate(paidUntil)}: ${reason}`);
  });
}

export async function suspendMember(ctx: AppContext, staff: AuthUser, memberId: string, reason: string): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    const member = await lockMemberForStaff(tx, memberId);
    const [suspended] = await tx
      .update(users)
      .set({ suspendedAt: ctx.clock(), suspensionReason: reason })
      .where(and(eq(users.id, member.id), isNull(users.suspendedAt)))
      .returning({ id: users.id });
    if (!suspended) throw conflict(`This membership is already suspended: ${member.suspensionReason ?? 'no reason given'}.`);
    await recordAudit(tx, { actor: staff, action: 'membership.suspended', subjectType: 'user', subjectId: member.id, details: { reason } });
    await notify(tx, member.id, 'membership-suspended', `Your membership is suspended: ${reason}. Contact us to have it reinstated.`);
    await enqueueMail(tx, membershipMail.membershipSuspended(ctx.mailer.brand, member.email, member.fullName, reason));
  });
  ctx.mailer.nudge();
}

export async function reinstateMember(ctx: AppContext, staff: AuthUser, memberId: string, reason: string): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    const member = await lockMemberForStaff(tx, memberId);
    const [reinstated] = await tx
      .update(users)
      .set({ suspendedAt: null, suspensionReason: null })
      .where(and(eq(users.id, member.id), isNotNull(users.suspendedAt)))
      .returning({ id: users.id });
    if (!reinstated) throw conflict('This membership is not suspended.');
    await recordAudit(tx, {
      actor: staff,
      action: 'membership.reinstated',
      subjectType: 'user',
      subjectId: member.id,
      details: { reason, suspendedFor: member.suspensionReason },
    });
    await notify(tx, member.id, 'membership-reinstated', 'Your membership is reinstated.');
    await enqueueMail(tx, membershipMail.membershipReinstated(ctx.mailer.brand, member.email, member.fullName));
  });
  ctx.mailer.nudge();
}

/**
 * Staff send a member's activation code (OTP) again, as the member's own Send OTP does: codes
 * are kept only as keyed hashes, so the same code cannot be sent twice; within a minute of the
 * last one nothing new is made (the code in the member's inbox stays good), else a new code
 * replaces it. Answers what happened, for the staff member to tell the member.
 */
export async function resendActivationCode(ctx: AppContext, staff: AuthUser, memberId: string): Promise<string> {
  const member = await memberForStaff(ctx.db, memberId);
  if (member.activated) throw conflict('This member’s profile is already active: there is no activation code to send.');
  const payment = await latestFeePayment(ctx.db, member.id);
  if (payment?.state !== 'approved') throw conflict('This member has no approved payment yet: approving their slip sends the activation code.');
  if (await hasRecentCode(ctx.db, member.id, 'otp')) return 'A code was sent less than a minute ago: ask the member to check their email, including spam.';
  await mailFreshOtp(ctx, member, async (tx) => {
    await recordAudit(tx, { actor: staff, action: 'member.activation-code.resent', subjectType: 'user', subjectId: member.id });
  });
  return `A new activation code was emailed to ${member.email}.`;
}
