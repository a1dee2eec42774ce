import { Link } from 'react-router';
import { useSite } from '../../../lib/site';
import { CopyButton } from './copy-button';
import { accountLines, type ACCOUNT_PARTS } from '../../../../shared/site';

/** An account the settings leave unset is not shown (no placeholder to pay into). */
function Account({ title, account, kind }: { title: string; account: string | null | undefined; kind: keyof typeof ACCOUNT_PARTS }) {
  if (account === null) return null;
  return (
    <div className="fees__account">
      <h3>{title}</h3>
      {account === undefined ? (
        <p>Loading account details...</p>
      ) : (
        <dl className="fees__lines">
          {accountLines(account, kind).map((line, index) => (
            <div key={index} className="fees__line">
              <dt>{line.label}</dt>
              <dd>
                <span className="fees__value">{line.value}</span>
                <CopyButton text={line.value} what={line.label} />
              </dd>
            </div>
          ))}
        </dl>
      )}
    </div>
  );
}

/** Where members pay the fee: the company's bank accounts, from its settings, each detail with a copy button. */
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
      <Account title="Pay in naira (bank transfer)" account={site?.nairaAccount} kind="naira" />
      <Account title="Paying from abroad (dollar account)" account={site?.dollarAccount} kind="dollar" />
    </div>
  );
}
