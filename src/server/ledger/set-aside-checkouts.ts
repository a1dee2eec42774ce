/**
 * Why an unfinished online checkout stopped being the member's to pay (its payment turned
 * `rejected`): expired by the housekeeping, or replaced by a new checkout. Paystack may still
 * take money for one of these (a bank transfer that finished late): confirm-payment.ts books it
 * while what it paid for is still open, and lists it for finance otherwise.
 */
export const CHECKOUT_EXPIRED = 'The online checkout was not completed.';
export const CHECKOUT_REPLACED = 'Replaced by a new online checkout.';

export const SET_ASIDE_REASONS: ReadonlySet<string> = new Set([CHECKOUT_EXPIRED, CHECKOUT_REPLACED]);
