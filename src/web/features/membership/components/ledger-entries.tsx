import type { ReactNode } from 'react';
import { displayDayOf } from '../../../../shared/display-date';
import { formatNaira } from '../../../../shared/money';
import { CHARGE_KINDS } from '../../../../shared/charges';
import type { FineStatus, Ledger, LedgerEntry, MemberPayment } from '../../../../shared/schemas/ledger';
import './ledger.css';

/** What the balance means to a person: positive is owed to the company. */
export function balanceText(balanceKobo: number, who: { owes: string; clear: string; credit: string }): string {
  if (balanceKobo > 0) return `${who.owes} ${formatNaira(balanceKobo)}`;
  if (balanceKobo < 0) return `${who.credit} ${formatNaira(-balanceKobo)}`;
  return who.clear;
}

/**
 * A member's ledger, newest first: date, what, amount (a payment shown as money in), and what a
 * page adds to an entry (the member's "Pay this fine", a fine's status). Used by the member's
 * payments page and the console's member page.
 */
export function LedgerEntries({ ledger, action }: { ledger: Ledger; action?: (entry: LedgerEntry) => ReactNode }) {
  if (ledger.entries.length === 0) return <p className="muted">No charges or payments yet.</p>;
  return (
    <ul className="ledger">
      {ledger.entries.map((entry) => (
        <li key={entry.id} className={`ledger__entry ledger__entry--${entry.kind}`}>
          <div className="ledger__what">
            <span>{entry.description}</span>
            <time className="muted" dateTime={entry.createdAt}>
              {displayDayOf(entry.createdAt)}
            </time>
          </div>
          <div className="ledger__amount">
            <span>{entry.amountKobo < 0 ? `− ${formatNaira(-entry.amountKobo)}` : formatNaira(entry.amountKobo)}</span>
            {action?.(entry)}
          </div>
        </li>
      ))}
    </ul>
  );
}

/** Approved payments with their receipt numbers, how each was confirmed (as its receipt says) and PDF downloads; a reversed one keeps its receipt, with finance's note. */
export function ReceiptList({ payments }: { payments: MemberPayment[] }) {
  if (payments.length === 0) return <p className="muted">No receipts yet: each approved payment gets one.</p>;
  return (
    <ul className="ledger">
      {payments.map((payment) => (
        <li key={payment.id} className="ledger__entry">
          <div className="ledger__what">
            <span>
              {payment.receiptNumber ?? 'No receipt'} · {CHARGE_KINDS[payment.kind].label}
            </span>
            <time className="muted" dateTime={payment.approvedAt}>
              {displayDayOf(payment.approvedAt)}
            </time>
            {payment.confirmation && <span className="muted ledger__how">{payment.confirmation}</span>}
            {payment.reversal && (
              <span className="ledger__note">
                Reversed on {displayDayOf(payment.reversal.at)}: {payment.reversal.reason}
              </span>
            )}
          </div>
          <div className="ledger__amount">
            <span>{formatNaira(payment.amountKobo)}</span>
            {payment.receiptUrl && (
              <a className="ledger__link" href={payment.receiptUrl} download aria-label={`Download PDF of receipt ${payment.receiptNumber}`}>
                Download PDF
              </a>
            )}
          </div>
        </li>
      ))}
    </ul>
  );
}

const FINE_STATUS_LABELS: Record<FineStatus, string> = { unpaid: 'Unpaid', 'under-review': 'Slip under review', paid: 'Paid' };

/** Where a fine stands, beside it in the member's ledger and on the console's member page. */
export function FineBadge({ status }: { status: FineStatus }) {
  return <span className={`badge${status === 'paid' ? ' badge--ok' : ''}`}>{FINE_STATUS_LABELS[status]}</span>;
}
