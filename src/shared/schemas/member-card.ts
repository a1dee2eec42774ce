import { z } from 'zod';
import { requiredText } from './fields.js';
import type { MembershipState } from '../membership.js';

/** What the door check shows of a member, and nothing else. */
export interface VerifiedMember {
  fullName: string;
  memberNumber: string;
  photoUrl: string | null;
  state: Extract<MembershipState, 'active' | 'grace' | 'lapsed'>;
  paidUntil: string | null;
}

/** The member's own card on the dashboard: the door check's facts, the link and its QR code. */
export interface MemberCard extends VerifiedMember {
  verifyUrl: string;
  /** The QR code of `verifyUrl`, as an SVG document. */
  qrSvg: string;
}

/** Staff replace a member's card: why, kept in the audit log. */
export const reissueCardFields = z.object({ reason: requiredText('Reason', 300) });
export type ReissueCardInput = z.infer<typeof reissueCardFields>;
