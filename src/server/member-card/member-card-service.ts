import { createHmac, timingSafeEqual } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import QRCode from 'qrcode';
import { todayInLagos } from '../../shared/dates.js';
import { formatMemberNumber, parseMemberNumber, standingState } from '../../shared/membership.js';
import type { MemberCard, VerifiedMember } from '../../shared/schemas/member-card.js';
import { recordAudit } from '../audit/audit.js';
import type { AuthUser } from '../auth/sessions.js';
import type { AppContext } from '../context.js';
import { files, guardians, users } from '../db/schema.js';
import { fileUrl } from '../files/files-service.js';
import { conflict, notFound } from '../http/errors.js';
import { enqueueMail } from '../mail/outbox.js';
import { lockMemberForStaff } from '../members/member-target.js';
import { notify } from '../notifications/notifications.js';
import { adultByBirth } from '../privacy/adults.js';
import { memberCardMail } from './mail.js';

type CardRow = Pick<AuthUser, 'fullName' | 'memberNumber' | 'activated' | 'paidUntil' | 'suspendedAt' | 'profilePicFileId'>;

/** The door check's facts of a numbered member; the photo's address depends on who looks. */
function verifiedFacts(row: CardRow & { memberNumber: number }, today: string, photoUrl: string | null): VerifiedMember {
  const state = standingState({ activated: row.activated, paidUntil: row.paidUntil, suspended: Boolean(row.suspendedAt) }, today);
  return {
    fullName: row.fullName,
    memberNumber: formatMemberNumber(row.memberNumber),
    photoUrl,
    // A number is given at activation, so a numbered member stands active, in grace or lapsed.
    state: state === 'active' || state === 'grace' ? state : 'lapsed',
    paidUntil: row.paidUntil,
  };
}

/** One answer for a number nobody has and for a wrong or missing check code, so the check cannot be walked. */
function unknownNumber(text: string) {
  return notFound(
    `This card could not be checked: no member has the number ${text.trim().toUpperCase().slice(0, 20)} with this check code. Scan the card's QR code again, or check the number against the card.`,
  );
}

/**
 * The card's check code: an HMAC of the member number and the card's version with the server's
 * secret (its own purpose label), so the public check cannot be walked number by number and a
 * reissued card's old QR code stops checking. Version 1 is signed as every card was before cards
 * had versions, so the cards printed then check until they are reissued. 96 bits, in the card's link.
 */
export function cardCheckCode(secret: string, memberNumber: number, cardVersion: number): string {
  const label = cardVersion === 1 ? `member-card-check:${memberNumber}` : `member-card-check:${memberNumber}:v${cardVersion}`;
  return createHmac('sha256', secret).update(label).digest('base64url').slice(0, 16);
}

function codeMatches(secret: string, memberNumber: number, cardVersion: number, code: string | undefined): boolean {
  const expected = Buffer.from(cardCheckCode(secret, memberNumber, cardVersion));
  // Stryker disable next-line StringLiteral: a missing code is refused whatever stands in for it (no card's code is empty or any fixed text).
  const given = Buffer.from(code ?? '');
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/** Whether a card's code is the member's current card's, a card's since replaced, or no card's of theirs. */
export function cardCodeState(secret: string, memberNumber: number, cardVersion: number, code: string): 'current' | 'replaced' | 'wrong' {
  if (codeMatches(secret, memberNumber, cardVersion, code)) return 'current';
  for (let version = 1; version < cardVersion; version++) if (codeMatches(secret, memberNumber, version, code)) return 'replaced';
  return 'wrong';
}

/** The member a card's link names; a wrong, missing or replaced card's code answers as an unknown number does. */
async function numberedMember(ctx: AppContext, text: string, code: string | undefined) {
  const number = parseMemberNumber(text);
  // Stryker disable next-line ConditionalExpression: without a number no card's code matches, and the same 404 follows.
  if (number === null) throw unknownNumber(text);
  const [row] = await ctx.db
    .select({
      fullName: users.fullName,
      activated: users.activated,
      paidUntil: users.paidUntil,
      suspendedAt: users.suspendedAt,
      profilePicFileId: users.profilePicFileId,
      cardVersion: users.cardVersion,
      photoShown: photoMayBeShown(todayInLagos(ctx.clock())),
    })
    .from(users)
    .where(and(eq(users.memberNumber, number), eq(users.role, 'member')));
  // The code is checked for a number nobody has too, so both answers take as long.
  if (!codeMatches(ctx.config.sessionSecret, number, row?.cardVersion ?? 1, code) || !row) throw unknownNumber(text);
  return { ...row, memberNumber: number };
}

/** A child's photo is shown at the door only when their guardian confirmed and allowed publication. */
function photoMayBeShown(today: string) {
  return sql<boolean>`(${adultByBirth(today)} or exists (select 1 from ${guardians} where ${guardians.userId} = ${users.id} and ${guardians.confirmedAt} is not null and ${guardians.endedAt} is null and ${guardians.allowsPublication}))`;
}

/** The public check at the door: name, photo, number, state and paid-until, nothing else. */
export async function verifyMember(ctx: AppContext, text: string, code: string | undefined): Promise<VerifiedMember> {
  const row = await numberedMember(ctx, text, code);
  const photoUrl = row.profilePicFileId && row.photoShown ? `/api/verify/${formatMemberNumber(row.memberNumber)}/photo?code=${code}` : null;
  return verifiedFacts(row, todayInLagos(ctx.clock()), photoUrl);
}

/** The number and check code of a card's link: `HM-000123?code=…`. */
function checkLink(ctx: AppContext, memberNumber: number, cardVersion: number): string {
  return `${formatMemberNumber(memberNumber)}?code=${cardCheckCode(ctx.config.sessionSecret, memberNumber, cardVersion)}`;
}

export async function verifyPhoto(ctx: AppContext, text: string, code: string | undefined) {
  const row = await numberedMember(ctx, text, code);
  const [photo] = row.profilePicFileId && row.photoShown ? await ctx.db.select().from(files).where(eq(files.id, row.profilePicFileId)) : [];
  if (!photo) throw notFound('This member has no photo.');
  return photo;
}

/** The member's own card; null before the first activation gives them a number. */
export async function memberCard(ctx: AppContext, user: AuthUser, origin: string): Promise<MemberCard | null> {
  if (user.memberNumber === null) return null;
  const facts = verifiedFacts(
    { ...user, memberNumber: user.memberNumber },
    todayInLagos(ctx.clock()),
    user.profilePicFileId ? fileUrl(user.profilePicFileId) : null,
  );
  // Read afresh, not from the session this process keeps: a card reissued a moment ago shows its new code at once.
  const [current] = await ctx.db.select({ cardVersion: users.cardVersion }).from(users).where(eq(users.id, user.id));
  const verifyUrl = `${(ctx.config.publicUrl ?? origin).replace(/\/+$/, '')}/verify/${checkLink(ctx, user.memberNumber, current?.cardVersion ?? 1)}`;
  const qrSvg = await QRCode.toString(verifyUrl, {
    type: 'svg',
    margin: 1,
    // Stryker disable next-line StringLiteral: an empty level is qrcode's default, M: the same code.
    errorCorrectionLevel: 'M',
  });
  return { ...facts, verifyUrl, qrSvg };
}

/**
 * Staff replace a member's card (a photo of its QR code admits anyone who shows it): the card's
 * version goes up, so the old code fails the public check and the door's scan at once, and the
 * member's dashboard shows the new card. Audited with the reason; the member is told in the
 * portal and by mail. Under the member's row lock, so two reissues at once give two versions.
 */
export async function reissueCard(ctx: AppContext, staff: AuthUser, memberId: string, reason: string): Promise<number> {
  const cardVersion = await ctx.db.transaction(async (tx) => {
    const member = await lockMemberForStaff(tx, memberId);
    if (member.memberNumber === null) throw conflict('This member has no card yet: a card comes with the member number, given at activation.');
    const [row] = await tx
      .update(users)
      .set({ cardVersion: sql`${users.cardVersion} + 1` })
      .where(eq(users.id, member.id))
      .returning({ cardVersion: users.cardVersion });
    await recordAudit(tx, {
      actor: staff,
      action: 'member.card-reissued',
      subjectType: 'user',
      subjectId: member.id,
      details: { cardVersion: row!.cardVersion, reason },
    });
    await notify(
      tx,
      member.id,
      'card-reissued',
      'Staff replaced your membership card: the QR code of the old one no longer works. Show the card on your dashboard at the door.',
    );
    await enqueueMail(tx, memberCardMail.cardReissued(ctx.mailer.brand, member.email, member.fullName));
    return row!.cardVersion;
  });
  ctx.mailer.nudge();
  return cardVersion;
}
