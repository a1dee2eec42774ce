import { z } from 'zod';
import { PAYMENT_KIND_ERROR, PAYMENT_KINDS, PAYMENT_STATES, type PaymentKind, type PaymentState, type RefundStatus } from '../charges.js';
import { PLANS } from '../constants.js';
import type { MembershipState } from '../membership.js';
import { email, isoDate, optionalText, requiredText, sixDigits } from './fields.js';

/** The member is named by the session; a userId sent by the page must be the member's own. */
const userIdField = z.string().trim().optional();

export const verifyEmailSchema = z.object({ email: email() });
export const verifyCodeSchema = z.object({ email: email().optional(), code: sixDigits('Verification code') });

export const planSchema = z.enum(PLANS.map((p) => p.key) as [string, ...string[]], { error: 'Plan must be Free, Standard or Premium' });

/** Text fields that come with the slip (multipart). */
/** Months of membership a payment covers: members choose them when paying; finance may correct them. */
const monthsField = z.coerce
  .number({ error: 'Months must be a number' })
  .int({ error: 'Months must be a whole number' })
  .min(1, { error: 'Months must be between 1 and 12' })
  .max(12, { error: 'Months must be between 1 and 12' });

export const uploadSlipFields = z.object({
  email: z.string().optional(),
  userId: userIdField,
  plan: planSchema.optional(),
  months: monthsField.default(1),
  /** A slip for one of the member's fines (the ledger entry's id) instead of membership months. */
  fineId: z.uuid({ error: 'Fine not found' }).optional(),
});

/**
 * Paid online (Paystack) instead of by slip: membership months, or one of the member's unpaid
 * fines (`fineId`), or their advert's weeks (`adId`).
 */
export const onlinePaymentSchema = z.object({
  plan: planSchema.optional(),
  months: monthsField.default(1),
  fineId: z.uuid({ error: 'Fine not found' }).optional(),
  adId: z.uuid({ error: 'Advert not found' }).optional(),
});

/** Step 4: both readings of the spec (userId, or userID with email and otp). */
export const sendOtpSchema = z
  .object({ userId: userIdField, userID: userIdField, email: z.string().optional(), otp: z.string().optional(), paymentDetails: z.unknown().optional() })
  .transform(({ userId, userID }) => ({ userId: userId ?? userID }));

export const activateProfileSchema = z.object({ userId: userIdField, otp: sixDigits('OTP') });

export { PAYMENT_STATES, type PaymentState };

export const paymentsQuerySchema = z.object({
  status: z.enum(PAYMENT_STATES, { error: 'Status must be pending, approved, rejected or reversed' }).default('pending'),
  kind: z.enum(PAYMENT_KINDS, { error: PAYMENT_KIND_ERROR }).optional(),
});

/**
 * The body is optional: an empty approval confirms the months and amount the member chose. Finance
 * may correct the months of a membership payment, with a reason the member and the audit see.
 */
export const approvePaymentSchema = z.preprocess((body) => body ?? {}, z.object({ months: monthsField.optional(), reason: optionalText('Reason', 500) }));

export const rejectPaymentSchema = z.object({ reason: requiredText('Reason', 500) });

/** Finance reverses a payment approved in error: the reason is on the member's receipt list and in the audit. */
export const reversePaymentSchema = z.object({ reason: requiredText('Reason', 500) });

/** One line of the staff payments queue. */
export interface PaymentSummary {
  id: string;
  userId: string | null;
  email: string | null;
  fullName: string | null;
  phone: string | null;
  kind: PaymentKind;
  /** What a fine payment settles ("Fine (Late): ..."); null for other kinds. */
  description: string | null;
  plan: string | null;
  amountKobo: number;
  months: number | null;
  status: PaymentState;
  uploadedAt: string;
  slipUrl: string | null;
  slipType: string | null;
  reviewedAt: string | null;
  reviewerEmail: string | null;
  reason: string | null;
  /** A slip, or Paystack's checkout (confirmed by Paystack, not by finance). */
  channel: 'slip' | 'paystack';
  /** Why an online payment was not booked (amount or currency not as charged): for finance to look at. */
  issue: string | null;
  /** Finance refunded it through Paystack (ISO time); `reason` says why. */
  refundedAt: string | null;
  /** Where Paystack's refund stands: a failed one is finance's to make again (its reason is the issue). */
  refundStatus: RefundStatus | null;
}

/** Where the member stands in the fee wizard, for restoring it from the server. */
export interface MembershipStatus {
  state: MembershipState;
  /** The last Lagos calendar day the fee covers; `graceUntil` the last day of grace after it. */
  paidUntil: string | null;
  graceUntil: string | null;
  memberNumber: string | null;
  plan: string | null;
  /** Why staff suspended the membership, while it is suspended. */
  suspendedReason: string | null;
  emailVerified: boolean;
  status: boolean;
  /** The latest membership payment; `channel` says whether a slip or Paystack's checkout paid it. */
  payment: {
    id: string;
    status: PaymentState;
    reason: string | null;
    plan: string | null;
    months: number;
    uploadedAt: string;
    channel: 'slip' | 'paystack';
  } | null;
}

/** Staff set paid-until by hand (a correction, complimentary months), with the reason audited. */
export const adjustMembershipSchema = z.object({
  paidUntil: isoDate('Paid until'),
  reason: requiredText('Reason', 500),
});

/** Suspending and reinstating a member both need a reason (the member is told it). */
export const standingReasonSchema = z.object({ reason: requiredText('Reason', 500) });

/** A member's membership as staff see it on the member's page. */
export interface MemberStanding {
  state: MembershipState;
  paidUntil: string | null;
  graceUntil: string | null;
  memberNumber: string | null;
  activated: boolean;
  suspendedAt: string | null;
  suspendedReason: string | null;
  /** An approved first payment whose activation code (OTP) the member has not used yet. */
  awaitingActivation: boolean;
}
