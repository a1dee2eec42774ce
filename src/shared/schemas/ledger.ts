import { z } from 'zod';
import type { LedgerKind, PaymentKind } from '../charges.js';
import { FINE_TYPES } from '../fines.js';
import { requiredText } from './fields.js';

/** What a receipt says, kept as issued. */
export interface ReceiptDetails {
  memberName: string;
  memberNumber: string | null;
  /** e.g. "Membership, 3 months" or "Advert, 2 weeks". */
  paidFor: string;
  periodFrom: string | null;
  periodTo: string | null;
  amountKobo: number;
  /** The Lagos calendar date of the approval. */
  date: string;
  /** The confirmer's role, or `paystack`: all a receipt issued before `confirmation` says of it. */
  approvedBy: string;
  /** How the money was confirmed, in the receipt's words: "Paid online, confirmed by Paystack", "Slip approved by Ngozi Eze (finance)". */
  confirmation?: string;
  /** The company as the settings named it when the receipt was issued; receipts issued before it was kept draw the current settings. */
  company?: ReceiptCompany;
}

export const PAID_ONLINE = 'Paid online, confirmed by Paystack';

/** What a receipt says of how its money was confirmed; one issued before it said so names the role only. */
export function receiptConfirmation(details: Pick<ReceiptDetails, 'approvedBy' | 'confirmation'>): string {
  return details.confirmation ?? (details.approvedBy === 'paystack' ? PAID_ONLINE : `Slip approved by ${details.approvedBy} staff`);
}

/** The company details a receipt is drawn with. */
export interface ReceiptCompany {
  name: string;
  email: string | null;
  phone: string | null;
}

export interface LedgerEntry {
  id: string;
  kind: LedgerKind;
  amountKobo: number;
  description: string;
  periodFrom: string | null;
  periodTo: string | null;
  createdAt: string;
  /** A fine's payment: none yet, a slip under review, or approved; null for every other entry. */
  fineStatus: FineStatus | null;
}

export type FineStatus = 'unpaid' | 'under-review' | 'paid';

/** `balanceKobo` is positive when the member owes. */
export interface Ledger {
  balanceKobo: number;
  entries: LedgerEntry[];
}

export interface MemberPayment {
  id: string;
  kind: PaymentKind;
  amountKobo: number;
  approvedAt: string;
  /** Finance reversed it (approved in error): why and when; the receipt stays, with this note beside it. */
  reversal: { reason: string; at: string } | null;
  receiptNumber: string | null;
  receiptUrl: string | null;
  /** How the money was confirmed, as the receipt says it (receiptConfirmation); null with no receipt. */
  confirmation: string | null;
}

/** A member's account as staff see it on the member's page. */
export interface MemberAccount extends Ledger {
  payments: MemberPayment[];
}

/** Staff record one of the terms' fines; the amount comes from the type (shared/fines.ts). */
export const recordFineSchema = z.object({
  type: z.enum(FINE_TYPES, { error: 'Type must be one of the fines in the terms: late, left-early, missed-meeting, missed-event or termination' }),
  reason: requiredText('Reason', 500),
});

/** Reconciliation of Paystack's transactions with the ledger: how one reference compares. */
export const RECONCILIATION_STATUSES = ['matched', 'missing-in-ledger', 'missing-at-paystack'] as const;
export type ReconciliationStatus = (typeof RECONCILIATION_STATUSES)[number];

export const RECONCILIATION_LABELS: Record<ReconciliationStatus, string> = {
  matched: 'Matched',
  'missing-in-ledger': 'Missing in the ledger',
  'missing-at-paystack': 'Missing at Paystack',
};

/** A row's status as finance reads it: a matched payment that was refunded says so ("Matched, refunded"). */
export function reconciliationLabel(row: Pick<ReconciliationRow, 'status' | 'refunded'>): string {
  return row.status === 'matched' && row.refunded ? `${RECONCILIATION_LABELS.matched}, refunded` : RECONCILIATION_LABELS[row.status];
}

export interface ReconciliationRow {
  reference: string;
  status: ReconciliationStatus;
  /** What Paystack took (a successful transaction), in kobo; null when Paystack has none. */
  paystackKobo: number | null;
  /** What the ledger booked for the reference, in kobo; null when nothing is booked. */
  ledgerKobo: number | null;
  /** When Paystack says it was paid, or when the portal started the checkout. */
  at: string;
  memberName: string | null;
  /** The payment's state in the portal (approved, reversed...), null when the reference is not ours. */
  paymentState: string | null;
  refunded: boolean;
  receiptNumber: string | null;
  /** Why it does not match, for finance. */
  note: string;
}

export interface Reconciliation {
  from: string;
  to: string;
  rows: ReconciliationRow[];
  counts: Record<ReconciliationStatus, number>;
}
