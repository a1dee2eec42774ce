import { OnlinePaymentNotice } from '../../../components/online-payment-notice';
import { Link } from 'react-router';
import type { LedgerEntry } from '../../../../shared/schemas/ledger';
import { balanceText, FineBadge, LedgerEntries, ReceiptList } from './ledger-entries';
import { QueryView } from '../../../components/query-view';
import { useLedger, useMemberPayments } from '../api/ledger';
import './fees.css';

/** /profile/payments: what the member was charged and paid, the balance, receipts, and fines to pay. */
export function PaymentsPage() {
  const ledger = useLedger();
  const payments = useMemberPayments();
  return (
    <section className="page page--narrow payments" aria-labelledby="payments-title">
      <h1 id="payments-title">Payments</h1>
      <OnlinePaymentNotice paid="Payment received: your fine is paid and its receipt is below." />
      <QueryView query={ledger}>
        {(data) => (
          <>
            <div className="card payments__balance" role="status">
              <p className="muted">Balance</p>
              <p className="ledger__balance" data-testid="balance">
                {balanceText(data.balanceKobo, { owes: 'You owe', clear: 'Nothing owed', credit: 'In credit' })}
              </p>
            </div>
            <h2 id="ledger-title">Charges and payments</h2>
            <div className="card" aria-labelledby="ledger-title">
              <LedgerEntries ledger={data} action={(entry) => <FineAction entry={entry} />} />
            </div>
          </>
        )}
      </QueryView>
      <h2 id="receipts-title">Receipts</h2>
      <div className="card" aria-labelledby="receipts-title">
        <QueryView query={payments}>{(list) => <ReceiptList payments={list} />}</QueryView>
      </div>
      <p className="payments__links">
        <Link to="/user/fees">Membership fee and renewal</Link> · <Link to="/profile">Back to your dashboard</Link>
      </p>
    </section>
  );
}

/** A fine's state next to it: paying it leads to the slip upload. */
function FineAction({ entry }: { entry: LedgerEntry }) {
  if (entry.fineStatus === 'unpaid') {
    return (
      <Link className="button button--primary" to={`/profile/payments/fines/${entry.id}`} aria-label={`Pay this fine: ${entry.description}`}>
        Pay this fine
      </Link>
    );
  }
  return entry.fineStatus ? <FineBadge status={entry.fineStatus} /> : null;
}
