import { and, eq } from 'drizzle-orm';
import QRCode from 'qrcode';
import { todayInLagos } from '../../shared/dates.js';
import { formatMemberNumber, parseMemberNumber, standingState } from '../../shared/membership.js';
import type { MemberCard, VerifiedMember } from '../../shared/schemas/member-card.js';
import type { AuthUser } from '../auth/sessions.js';
import type { AppContext } from '../context.js';
import { files, users } from '../db/schema.js';
import { fileUrl } from '../files/files-service.js';
import { notFound } from '../http/errors.js';

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

function unknownNumber(text: string) {
  return notFound(`No member has the number ${text.trim().toUpperCase().slice(0, 20)}. Check it against the member's card.`);
}

async function numberedMember(ctx: AppContext, text: string) {
  const number = parseMemberNumber(text);
  if (number === null) throw unknownNumber(text);
  const [row] = await ctx.db
    .select({ fullName: users.fullName, memberNumber: users.memberNumber, activated: users.activated, paidUntil: users.paidUntil, suspendedAt: users.suspendedAt, profilePicFileId: users.profilePicFileId })
    .from(users)
    .where(and(eq(users.memberNumber, number), eq(users.role, 'member')));
  if (!row || row.memberNumber === null) throw unknownNumber(text);
  return { ...row, memberNumber: row.memberNumber };
}

/** The public check at the door: name, photo, number, state and paid-until, nothing else. */
export async function verifyMember(ctx: AppContext, text: string): Promise<VerifiedMember> {
  const row = await numberedMember(ctx, text);
  const photoUrl = row.profilePicFileId ? `/api/verify/${formatMemberNumber(row.memberNumber)}/photo` : null;
  return verifiedFacts(row, todayInLagos(ctx.clock()), photoUrl);
}

export async function verifyPhoto(ctx: AppContext, text: string) {
  const row = await numberedMember(ctx, text);
  const [photo] = row.profilePicFileId ? await ctx.db.select().from(files).where(eq(files.id, row.profilePicFileId)) : [];
  if (!photo) throw notFound('This member has no photo.');
  return photo;
}

/** The member's own card; null before the first activation gives them a number. */
export async function memberCard(ctx: AppContext, user: AuthUser, origin: string): Promise<MemberCard | null> {
  if (user.memberNumber === null) return null;
  const facts = verifiedFacts({ ...user, memberNumber: user.memberNumber }, todayInLagos(ctx.clock()), user.profilePicFileId ? fileUrl(user.profilePicFileId) : null);
  const verifyUrl = `${(ctx.config.publicUrl ?? origin).replace(/\/+$/, '')}/verify/${facts.memberNumber}`;
  const qrSvg = await QRCode.toString(verifyUrl, { type: 'svg', margin: 1, errorCorrectionLevel: 'M' });
  return { ...facts, verifyUrl, qrSvg };
}
