import { type FormEvent, useState } from 'react';
import { Link } from 'react-router';
import { todayInLagos } from '../../../../shared/dates';
import { formatNaira } from '../../../../shared/money';
import { RECONCILIATION_LABELS, RECONCILIATION_STATUSES, reconciliationLabel, type Reconciliation } from '../../../../shared/schemas/ledger';
import { DataTable } from '../../../components/data-table';
import { QueryView } from '../../../components/query-view';
import { useOnlinePayment } from '../../../lib/plans';
import { reconciliationCsvUrl, useReconciliation } from '../api/reconciliation';

/**
 * /admin/payments/reconciliation: Paystack's successful transactions of the days chosen against
 * the ledger (matched, missing in the ledger, missing at Paystack), and the same as a CSV.
 */
export function ReconciliationPage() {
  const online = useOnlinePayment();
  const today = todayInLagos();
  const [from, setFrom] = useState(today);
  const [to, setTo] = useState(today);
  const [range, setRange] = useState<{ from: string; to: string } | null>(null);
  const [error, setError] = useState<string>();
  const reconciliation = useReconciliation(range);

  function submit(event: FormEvent) {
    event.preventDefault();
    if (!from || !to || from > to) {
      setError('Choose both days, From on or before To.');
      return;
    }
    setError(undefined);
    setRange({ from, to });
  }

  return (
    <div className="admin__section">
      <div className="admin__toolbar">
        <h2>Paystack reconciliation</h2>
        <Link className="button button--ghost" to="/admin/payments">
          Back to payments
        </Link>
      </div>
      {!online ? (
        <p className="muted">Online payment is not set up (PAYSTACK_SECRET_KEY): there is nothing to reconcile.</p>
      ) : (
        <>
          <form className="admin__filters" onSubmit={submit} aria-label="Days to reconcile" noValidate>
            <label className="admin__filter admin__filter--date">
              <span>From</span>
              <input type="date" name="from" value={from} onChange={(e) => setFrom(e.target.value)} aria-invalid={error ? true : undefined} />
            </label>
            <label className="admin__filter admin__filter--date">
              <span>To</span>
              <input type="date" name="to" value={to} onChange={(e) => setTo(e.target.value)} aria-invalid={error ? true : undefined} />
            </label>
            <button type="submit" className="button button--primary">
              Reconcile
            </button>
            {range && (
              <a className="button button--ghost" href={reconciliationCsvUrl(range)} download>
                Download CSV
              </a>
            )}
            {error && (
              <p className="form__error admin__filters-error" role="alert">
                {error}
              </p>
            )}
          </form>
          {range && <QueryView query={reconciliation}>{(data) => <ReconciliationTable data={data} />}</QueryView>}
        </>
      )}
    </div>
  );
}

function ReconciliationTable({ data }: { data: Reconciliation }) {
  return (
    <>
      <p aria-live="polite">{RECONCILIATION_STATUSES.map((status) => `${RECONCILIATION_LABELS[status]}: ${data.counts[status]}`).join(' · ')}</p>
      {data.rows.length === 0 ? (
        <p className="muted">No online payments in these days.</p>
      ) : (
        <DataTable
          label="Paystack and the ledger"
          columns={[
            { heading: 'Status', cell: (row) => reconciliationLabel(row) },
            { heading: 'Reference', cell: (row) => row.reference },
            { heading: 'Member', cell: (row) => row.memberName ?? '—' },
            { heading: 'Paystack', cell: (row) => (row.paystackKobo === null ? '—' : formatNaira(row.paystackKobo)) },
            {
              heading: 'Ledger',
              cell: (row) => (
                <>
                  {row.ledgerKobo === null ? '—' : formatNaira(row.ledgerKobo)}
                  {row.receiptNumber ? ` · ${row.receiptNumber}` : ''}
                </>
              ),
            },
            { heading: 'Note', cell: (row) => row.note },
          ]}
          rows={data.rows}
          rowKey={(row) => `${row.status}-${row.reference}`}
        />
      )}
    </>
  );
}
