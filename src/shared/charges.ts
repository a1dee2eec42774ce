// No zod here: the payments queue and the member's receipts read the labels before any validation code is loaded.
import { AD_WEEKLY_FEE_KOBO } from './constants.js';
import { FINES, fineDescription, type FineType } from './fines.js';

/** One kind of charge a member pays for: its stored names, its labels, its amount and what paying it books. */
interface ChargeKind {
  /** The ledger entry's kind for the charge. */
  ledgerKind: string;
  /** What staff and members read for it: the payments queue, the receipt list. */
  label: string;
  /** The reports' heading for money received for it. */
  reportLabel: string;
  /** What a confirmed payment does besides booking charge, payment and receipt (server: ledger/confirm-payment.ts). */
  booking: string;
  /** How its amount is computed, in kobo. */
  amountKobo: (input: never) => number;
  /** The charge as the ledger and the receipt name it. */
  describe: (input: never) => string;
}

const plural = (count: number, noun: string) => `${count} ${noun}${count === 1 ? '' : 's'}`;

/**
 * Every kind of charge, declared once and keyed by the payment's stored kind: the database enums,
 * the ledger labels, the queue filter, the reports and the receipt text are read from here. A new
 * kind (event tickets...) is one entry here and its booking function on the server.
 */
export const CHARGE_KINDS = {
  fee: {
    ledgerKind: 'membership',
    label: 'Membership fee',
    reportLabel: 'Membership',
    booking: 'extend paid-until (a first payment is followed by the OTP that activates)',
    amountKobo: ({ monthlyPriceKobo, months }: { monthlyPriceKobo: number; months: number }) => monthlyPriceKobo * months,
    describe: ({ months }: { months: number }) => `Membership, ${plural(months, 'month')}`,
  },
  ad: {
    ledgerKind: 'advert',
    label: 'Advert',
    reportLabel: 'Adverts',
    booking: 'mark the advert paid: it runs between its dates once its content is approved too',
    amountKobo: ({ weeks }: { weeks: number }) => AD_WEEKLY_FEE_KOBO * weeks,
    describe: ({ weeks }: { weeks: number }) => `Advert, ${plural(weeks, 'week')}`,
  },
  fine: {
    ledgerKind: 'fine',
    label: 'Fine',
    reportLabel: 'Fines',
    booking: 'settle the fine (charged when staff recorded it)',
    amountKobo: ({ type }: { type: FineType }) => FINES[type].amountKobo,
    describe: ({ type, reason }: { type: FineType; reason: string }) => fineDescription(type, reason),
  },
} as const satisfies Record<string, ChargeKind>;

/** A payment under review, confirmed, refused, or confirmed and then reversed by finance (never edited or deleted). */
export const PAYMENT_STATES = ['pending', 'approved', 'rejected', 'reversed'] as const;
export type PaymentState = (typeof PAYMENT_STATES)[number];

/** Where a refund through Paystack stands, from its refund.* events: queued, reached the member, or not. */
export const REFUND_STATUSES = ['pending', 'processed', 'failed', 'needs-attention'] as const;
export type RefundStatus = (typeof REFUND_STATUSES)[number];

/** A payment's stored kind: what it pays for. */
export type PaymentKind = keyof typeof CHARGE_KINDS;
export const PAYMENT_KINDS = Object.keys(CHARGE_KINDS) as [PaymentKind, ...PaymentKind[]];

/** A charge's ledger kind. */
export type ChargeLedgerKind = (typeof CHARGE_KINDS)[PaymentKind]['ledgerKind'];

/** Entries that are not charges: a payment received (negative), and its reversal by finance (the contra, positive). */
const MONEY_ENTRY_LABELS = { payment: 'Payment', reversal: 'Reversal' } as const;

/** A ledger entry's stored kind: a charge of one of the kinds above, a payment, or a payment's reversal. */
export type LedgerKind = ChargeLedgerKind | keyof typeof MONEY_ENTRY_LABELS;
export const LEDGER_KINDS = [...PAYMENT_KINDS.map((kind) => CHARGE_KINDS[kind].ledgerKind), ...Object.keys(MONEY_ENTRY_LABELS)] as [
  LedgerKind,
  ...LedgerKind[],
];

export const LEDGER_KIND_LABELS = {
  ...Object.fromEntries(PAYMENT_KINDS.map((kind) => [CHARGE_KINDS[kind].ledgerKind, CHARGE_KINDS[kind].label])),
  ...MONEY_ENTRY_LABELS,
} as Record<LedgerKind, string>;

/** The payments queue's filter: "Kind must be fee, ad or fine". */
export const PAYMENT_KIND_ERROR = `Kind must be ${PAYMENT_KINDS.slice(0, -1).join(', ')} or ${PAYMENT_KINDS.at(-1)}`;

/** The reports' headings for money received, by charge ledger kind. */
export const MONEY_KINDS = PAYMENT_KINDS.map((kind) => ({ value: CHARGE_KINDS[kind].ledgerKind, label: CHARGE_KINDS[kind].reportLabel }));

/** What a payment's stored kind paid for, as the reports group it. */
export function chargeLedgerKindOf(kind: string): string {
  return kind in CHARGE_KINDS ? CHARGE_KINDS[kind as PaymentKind].ledgerKind : kind;
}
