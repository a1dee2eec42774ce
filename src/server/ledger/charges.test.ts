import { describe, expect, it } from 'vitest';
import { CHARGE_KINDS, LEDGER_KIND_LABELS, LEDGER_KINDS, MONEY_KINDS, PAYMENT_KINDS, PAYMENT_STATES } from '../../shared/charges.js';
import { paymentsQuerySchema } from '../../shared/schemas/membership.js';
import { ledgerEntries, payments } from '../db/schema.js';
import { BOOKINGS } from './confirm-payment.js';

describe('the one catalogue of charge kinds', () => {
  it('is what the database enums hold', () => {
    expect(payments.kind.enumValues).toEqual(Object.keys(CHARGE_KINDS));
    expect(payments.state.enumValues).toEqual([...PAYMENT_STATES]);
    expect(ledgerEntries.kind.enumValues).toEqual([...Object.values(CHARGE_KINDS).map((kind) => kind.ledgerKind), 'payment', 'reversal']);
  });

  it('has a booking on the server for every kind, and nothing more', () => {
    expect(Object.keys(BOOKINGS).sort()).toEqual([...PAYMENT_KINDS].sort());
  });

  it('labels every ledger entry kind and every report heading, and filters the queue by its kinds', () => {
    expect(Object.keys(LEDGER_KIND_LABELS).sort()).toEqual([...LEDGER_KINDS].sort());
    expect(MONEY_KINDS.map((kind) => kind.value)).toEqual(PAYMENT_KINDS.map((kind) => CHARGE_KINDS[kind].ledgerKind));
    for (const kind of PAYMENT_KINDS) expect(paymentsQuerySchema.parse({ kind }).kind).toBe(kind);
    const unknown = paymentsQuerySchema.safeParse({ kind: 'ticket' });
    expect(unknown.error?.issues[0]?.message).toBe('Kind must be fee, ad or fine');
  });

  it('computes amounts and names charges as the receipts say them', () => {
    expect(CHARGE_KINDS.fee.amountKobo({ monthlyPriceKobo: 6_050_000, months: 3 })).toBe(18_150_000);
    expect(CHARGE_KINDS.fee.describe({ months: 1 })).toBe('Membership, 1 month');
    expect(CHARGE_KINDS.ad.amountKobo({ weeks: 52 })).toBe(26_000_000);
    expect(CHARGE_KINDS.ad.describe({ weeks: 2 })).toBe('Advert, 2 weeks');
    expect(CHARGE_KINDS.fine.amountKobo({ type: 'late' })).toBe(300_000);
    expect(CHARGE_KINDS.fine.describe({ type: 'late', reason: 'arrived 40 minutes late' })).toBe('Fine (Late): arrived 40 minutes late');
  });
});
