import { Link } from 'react-router';
import { useSite } from '../../../lib/site';

/** Where members pay the fee: the company's bank accounts, from its settings; an account not set is left out. */
export function BankAccounts() {
  const site = useSite().data;
  if (!site) return <p className="fees__accounts">Loading account details...</p>;
  if (!site.nairaAccount && !site.dollarAccount) {
    return (
      <p className="fees__accounts">
        Our bank details are not published yet: <Link to="/contact">ask us for them</Link> before you pay.
      </p>
    );
  }
  return (
    <div className="fees__accounts">
      {site.nairaAccount && (
        <div>
          <h3>Pay in naira (bank transfer)</h3>
          <p>{site.nairaAccount}</p>
        </div>
      )}
      {site.dollarAccount && (
        <div>
          <h3>Paying from abroad (dollar account)</h3>
          <p>{site.dollarAccount}</p>
        </div>
      )}
    </div>
  );
}
