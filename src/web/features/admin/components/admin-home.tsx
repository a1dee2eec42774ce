import { Link } from 'react-router';
import { formatNaira } from '../../../../shared/money';
import { mayUse } from '../../../../shared/roles';
import { type ConsoleWaiting, MONEY_KINDS, type MonthFigures } from '../../../../shared/schemas/reports';
import { QueryView } from '../../../components/query-view';
import { useSession } from '../../../lib/session';
import { useConsoleHome } from '../api/home';
import { monthName } from '../../../lib/month-name';

/** What each count is, where it is handled: the order staff meet them in. */
const WAITING_ITEMS: { key: keyof ConsoleWaiting; to: string; one: string; many: string }[] = [
  { key: 'payments', to: '/admin/payments', one: 'payment slip to review', many: 'payment slips to review' },
  { key: 'ads', to: '/admin/ads', one: 'advert to review', many: 'adverts to review' },
  { key: 'submissions', to: '/admin/submissions', one: 'new form submission', many: 'new form submissions' },
  { key: 'talent', to: '/admin/talent', one: 'new booking request', many: 'new booking requests' },
  { key: 'messages', to: '/admin/messages?filter=new', one: 'new contact message', many: 'new contact messages' },
];

/** /admin: what needs doing now, in the parts of the console the role may use, and this month in figures. */
export function AdminHome() {
  const home = useConsoleHome();
  const { user } = useSession();
  return (
    <div className="admin__section">
      <h2>What needs doing</h2>
      <QueryView query={home}>
        {(data) => (
          <>
            <ul className="admin__waiting">
              {WAITING_ITEMS.filter((item) => data.waiting[item.key] !== undefined).map((item) => {
                const count = data.waiting[item.key] ?? 0;
                return (
                  <li key={item.key}>
                    <Link to={item.to} className={`admin__waiting-card${count > 0 ? ' admin__waiting-card--due' : ''}`}>
                      <span className="admin__waiting-count">{count}</span>
                      <span>{count === 1 ? item.one : item.many}</span>
                    </Link>
                  </li>
                );
              })}
            </ul>
            {data.month && <MonthSummary month={data.month} />}
            {user && mayUse(user.role, 'reports') && (
              <p>
                <Link to="/admin/reports">All reports and exports →</Link>
              </p>
            )}
          </>
        )}
      </QueryView>
    </div>
  );
}

function MonthSummary({ month }: { month: MonthFigures }) {
  const total = Object.values(month.receivedKobo).reduce((sum, kobo) => sum + kobo, 0);
  return (
    <section aria-labelledby="month-title">
      <h2 id="month-title">{monthName(month.month)} so far</h2>
      <dl className="admin__figures">
        <div>
          <dt>Money received</dt>
          <dd>{formatNaira(total)}</dd>
        </div>
        {MONEY_KINDS.map((kind) => (
          <div key={kind.value}>
            <dt>{kind.label}</dt>
            <dd>{formatNaira(month.receivedKobo[kind.value] ?? 0)}</dd>
          </div>
        ))}
        <div>
          <dt>New members</dt>
          <dd>{month.signups}</dd>
        </div>
        <div>
          <dt>Activations</dt>
          <dd>{month.activations}</dd>
        </div>
        <div>
          <dt>Renewals</dt>
          <dd>{month.renewals}</dd>
        </div>
      </dl>
    </section>
  );
}
