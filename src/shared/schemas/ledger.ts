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
  approvedBy: string;
}

export interface LedgerEntry {
  id: string;
  kind: 'membership' | 'advert' | 'fine' | 'payment';
  amountKobo: number;
  description: string;
  periodFrom: string | null;
  periodTo: string | null;
  createdAt: string;
}

/** `balanceKobo` is positive when the member owes. */
export interface Ledger {
  balanceKobo: number;
  entries: LedgerEntry[];
}

export interface MemberPayment {
  id: string;
  kind: 'fee' | 'ad';
  amountKobo: number;
  approvedAt: string;
  receiptNumber: string | null;
  receiptUrl: string | null;
}
