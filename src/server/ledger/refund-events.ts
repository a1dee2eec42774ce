import { and, eq } from 'drizzle-orm';
import type { RefundStatus } from '../../shared/charges.js';
import { formatNaira } from '../../shared/money.js';
import { recordAudit } from '../audit/audit.js';
import type { AppContext } from '../context.js';
import { payments } from '../db/schema.js';
import { lockMemberOfPayment } from './confirm-payment.js';
import type { PaystackRefundEvent } from './paystack-client.js';

/** Paystack's refund events and where each leaves the refund (refund.processing is still on its way). */
const STATUS_OF_EVENT: Record<string, RefundStatus> = {
  'refund.pending': 'pending',
  'refund.processing': 'pending',
  'refund.processed': 'processed',
  'refund.failed': 'failed',
  'refund.needs-attention': 'needs-attention',
};

/** Events may come late or twice: a refund never goes back to pending once Paystack said how it ended. */
const SETTLED: ReadonlySet<RefundStatus | null> = new Set(['processed', 'failed', 'needs-attention']);

/** What finance is asked to do when Paystack could not return the money: the payment's issue. */
function refundIssue(status: RefundStatus, event: PaystackRefundEvent): string | null {
  const note = event.merchant_note ? ` Paystack's note: “${event.merchant_note}”.` : '';
  if (status === 'failed')
    return `Paystack could not refund ${formatNaira(event.amount)} to the member (refund failed).${note} Refund it again, or return the money by bank transfer.`;
  if (status === 'needs-attention')
    return `Paystack needs the member's bank account details to finish the refund of ${formatNaira(event.amount)} (needs attention).${note} Give them in Paystack's dashboard, or return the money by bank transfer.`;
  return null;
}

/**
 * A signed refund.* event for one of the portal's online payments: the refund's status moves on
 * (pending, then processed, failed or needs-attention), and a refund that did not reach the member
 * is put back in front of finance as the payment's issue, with Paystack's word. A refund Paystack
 * reports that the portal never asked for (made in Paystack's dashboard) is listed for finance too.
 */
export async function recordRefundEvent(ctx: AppContext, event: string, data: PaystackRefundEvent): Promise<'recorded' | 'unknown' | 'ignored'> {
  const status = STATUS_OF_EVENT[event];
  if (!status) return 'ignored';
  const [known] = await ctx.db
    .select({ id: payments.id })
    .from(payments)
    .where(and(eq(payments.reference, data.transaction_reference), eq(payments.channel, 'paystack')));
  if (!known) {
    ctx.log.info({ reference: data.transaction_reference, event }, 'Paystack refund event for an unknown reference');
    return 'unknown';
  }
  return ctx.db.transaction(async (tx) => {
    const { payment } = await lockMemberOfPayment(tx, known.id);
    if (!payment) return 'unknown';
    if (status === 'pending' && SETTLED.has(payment.refundStatus)) return 'ignored';
    const issue = payment.refundedAt
      ? refundIssue(status, data)
      : `Paystack reports a refund of ${formatNaira(data.amount)} (${status}) the portal did not ask for: reverse this payment here so the ledger shows it.`;
    await tx
      .update(payments)
      .set({ refundStatus: status, ...(issue || status === 'processed' ? { issue } : {}) })
      .where(eq(payments.id, payment.id));
    await recordAudit(tx, {
      actor: null,
      action: 'payment.refund-status',
      subjectType: 'payment',
      subjectId: payment.id,
      details: { event, status, amountKobo: data.amount, reference: data.transaction_reference, refundReference: data.refund_reference ?? null },
    });
    return 'recorded';
  });
}
