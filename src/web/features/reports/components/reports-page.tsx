import { type FormEvent, Suspense, useState } from 'react';
import { Link } from 'react-router';
import { displayDate } from '../../../../shared/display-date';
import type { MembershipState } from '../../../../shared/membership';
import { formatNaira } from '../../../../shared/money';
import { MEMBER_STATE_LABELS, MONEY_KINDS, type ReportsView } from '../../../../shared/schemas/reports';
import { DataTable } from '../../../components/data-table';
import { QueryView } from '../../../components/query-view';
import { Spinner } from '../../../components/spinner';
import { lazyNamed } from '../../../lib/lazy-named';
import { MEMBERS_CSV_URL } from '../../../lib/console';
import { paymentsCsvUrl, useReports } from '../api/reports';
import { monthName } from '../../../lib/month-name';
import type { Series } from './report-charts';

// The charts load with this page only, never with the rest of the console or the public pages.
const BarChart = lazyNamed(() => import('./report-charts'), 'BarChart');

const STATE_ORDER: MembershipState[] = ['active', 'grace', 'pending', 'lapsed', 'none'];
const PEOPLE_SERIES: Series[] = [
  { key: 'signups', label: 'Sign-ups', tone: 1 },
  { key: 'activations', label: 'Activations', tone: 2 },
  { key: 'renewals', label: 'Renewals', tone: 3 },
];
const MONEY_SERIES: Series[] = MONEY_KINDS.map((kind, i) => ({ key: kind.value, label: kind.label, tone: (i + 1) as Series['tone'] }));
const naira = (kobo: number) => formatNaira(kobo);

/** /admin/reports: members by state, the last 12 months, money received, who lapses soon, and the exports. */
export function ReportsPage() {
  const reports = useReports();
  return (
    <div className="admin__section">
      <div className="admin__toolbar">
        <h2>Reports</h2>
        <a className="button button--ghost" href={MEMBERS_CSV_URL} download>
          Download members CSV
        </a>
      </div>
      <PaymentsExport />
      <QueryView query={reports}>{(data) => <Report data={data} />}</QueryView>
    </div>
  );
}

function PaymentsExport() {
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  const [error, setError] = useState<string>();

  function submit(event: FormEvent) {
    event.preventDefault();
    if (from && to && from > to) {
      setError('From must be on or before To.');
      return;
    }
    setError(undefined);
    window.location.assign(paymentsCsvUrl({ from, to }));
  }

  return (
    <form className="admin__filters" onSubmit={submit} aria-label="Download payments" noValidate>
      <label className="admin__filter admin__filter--date">
        <span>Payments from</span>
        <input type="date" name="from" value={from} onChange={(e) => setFrom(e.target.value)} aria-invalid={error ? true : undefined} />
      </label>
      <label className="admin__filter admin__filter--date">
        <span>To</span>
        <input type="date" name="to" value={to} onChange={(e) => setTo(e.target.value)} aria-invalid={error ? true : undefined} />
      </label>
      <button type="submit" className="button button--ghost">
        Download payments CSV
      </button>
      {error && (
        <p className="form__error admin__filters-error" role="alert">
          {error}
        </p>
      )}
    </form>
  );
}

function Report({ data }: { data: ReportsView }) {
  const members = STATE_ORDER.reduce((sum, state) => sum + data.states[state], 0);
  const months = data.months.map((m) => ({ key: m.month, label: monthName(m.month, true), values: { signups: m.signups, activations: m.activations, renewals: m.renewals } }));
  const money = data.months.map((m) => ({ key: m.month, label: monthName(m.month, true), values: m.receivedKobo }));

  return (
    <>
      <section aria-labelledby="states-title">
        <h3 id="states-title">Members by state on {displayDate(data.today)}</h3>
        <dl className="admin__figures">
          <div>
            <dt>All members</dt>
            <dd>{members}</dd>
          </div>
          {STATE_ORDER.map((state) => (
            <div key={state}>
              <dt>{MEMBER_STATE_LABELS[state]}</dt>
              <dd>{data.states[state]}</dd>
            </div>
          ))}
        </dl>
      </section>
      <Suspense fallback={<Spinner label="Loading charts..." />}>
        <section aria-labelledby="people-title">
          <h3 id="people-title">Sign-ups, activations and renewals</h3>
          <BarChart title="Per month, last 12 months" categories={months} series={PEOPLE_SERIES} />
        </section>
        <section aria-labelledby="money-title">
          <h3 id="money-title">Money received</h3>
          <BarChart title="Approved payments per month, by kind" categories={money} series={MONEY_SERIES} stacked format={naira} />
        </section>
      </Suspense>
      <section aria-labelledby="lapsing-title">
        <h3 id="lapsing-title">
          Lapsing by {displayDate(data.lapsing.until)} ({data.lapsing.total})
        </h3>
        {data.lapsing.total === 0 ? (
          <p className="muted">Nobody's membership ends in the next 30 days.</p>
        ) : (
          <>
            {data.lapsing.total > data.lapsing.members.length && (
              <p className="muted">The first {data.lapsing.members.length} by date; the members CSV lists everyone with their paid-until.</p>
            )}
            <DataTable
              label="Report"
              columns={[
                { heading: 'Paid until', cell: (member) => displayDate(member.paidUntil) },
                {
                  heading: 'Member',
                  cell: (member) => (
                    <>
                      <Link to={`/admin/members/${member.id}`}>{member.fullName}</Link>
                      {member.memberNumber && <span className="muted"> {member.memberNumber}</span>}
                    </>
                  ),
                },
                {
                  heading: 'Contacts',
                  cell: (member) => (
                    <>
                      {member.email}
                      <br />
                      <span className="muted">{member.phone}</span>
                    </>
                  ),
                },
              ]}
              rows={data.lapsing.members}
              rowKey={(member) => member.id}
            />
          </>
        )}
      </section>
    </>
  );
}
