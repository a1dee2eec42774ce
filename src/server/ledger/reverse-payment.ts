import { and, eq } from 'drizzle-orm';
import { CHARGE_KINDS } from '../../shared/charges.js';
import { formatNaira } from '../../shared/money.js';
import { mayUse } from '../../shared/roles.js';
import { forgetRunningAds } from '../ads/ads-service.js';
import { recordAudit } from '../audit/audit.js';
import type { AuthUser } from '../auth/sessions.js';
import type { AppContext } from '../context.js';
import { ads, ledgerEntries, payments } from '../db/schema.js';
import { conflict, forbidden, notFound } from '../http/errors.js';
import { notify } from '../notifications/notifications.js';
import { lockMemberOfPayment } from './confirm-payment.js';

/**
 * Finance reverses a payment approved in error (a fake slip, the wrong member): the payment turns
 * `reversed` with the reason, and its contra entry (the payment's amount, positive) goes on the
 * ledger, so the member owes the charge again. Nothing is edited or deleted: the charge, the
 * payment entry and the receipt stay, the receipt list shows the note. An advert paid by it stops
 * running; a fine it settled is unpaid again. Once only: a second reversal answers 409.
 */
export async function reversePayment(ctx: AppContext, staff: AuthUser, id: string, reason: string): Promise<void> {
  if (!mayUse(staff.role, 'payments')) throw forbidden('Only finance and admin reverse payments.');
  await ctx.db.transaction(async (tx) => {
    const { member } = await lockMemberOfPayment(tx, id);
    const [payment] = await tx
      .update(payments)
      .set({ state: 'reversed', reversalReason: reason, reversedBy: staff.id, reversedAt: new Date() })
      .where(and(eq(payments.id, id), eq(payments.state, 'approved')))
      .returning();
    if (!payment) {
      const [exists] = await tx.select({ state: payments.state }).from(payments).where(eq(payments.id, id));
      if (!exists) throw notFound('Payment not found');
      throw conflict(`Only an approved payment can be reversed; this one is ${exists.state}.`);
    }
    const label = CHARGE_KINDS[payment.kind].label;
    await tx.insert(ledgerEntries).values({
      userId: payment.userId,
      kind: 'reversal',
      amountKobo: payment.amountKobo,
      description: `Payment reversed (${label}): ${reason}`,
      paymentId: payment.id,
      createdBy: staff.id,
    });
    if (payment.kind === 'ad') await tx.update(ads).set({ paidAt: null }).where(eq(ads.paymentId, payment.id));
    await recordAudit(tx, { actor: staff, action: 'payment.reversed', subjectType: 'payment', subjectId: id, details: { reason, kind: payment.kind, amountKobo: payment.amountKobo, userId: payment.userId } });
    if (member) await notify(tx, member.id, 'payment-reversed', `Your payment of ${formatNaira(payment.amountKobo)} (${label}) was reversed by our finance team: ${reason}`);
  });
  forgetRunningAds(ctx);
}
