import { Link } from 'react-router';
import { useSite } from '../../../lib/site';
import { CopyButton } from './copy-button';

interface AccountLine {
  label: string;
  value: string;
}

/**
 * An account as the settings hold it ("Bank: X | Account name: Y | Account number: Z"), one
 * line per detail; a part without a label is shown as it is.
 */
export function accountLines(account: string): AccountLine[] {
  return account
    .split('|')
    .map((part) => part.trim())
    .filter(Boolean)
    .map((part) => {
      const colon = part.indexOf(':');
      return colon > 0 ? { label: part.slice(0, colon).trim(), value: part.slice(colon + 1).trim() } : { label: 'Details', value: part };
    });
}

/** An account the settings leave unset is not shown (no placeholder to pay into). */
function Account({ title, account }: { title: string; account: string | null | undefined }) {
  if (account === null) return null;
  return (
    <div className="fees__account">
      <h3>{title}</h3>
      {account === undefined ? (
        <p>Loading account details...</p>
      ) : (
        <dl className="fees__lines">
          {accountLines(account).map((line) => (
            <div key={line.label} className="fees__line">
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
      <Account title="Pay in naira (bank transfer)" account={site?.nairaAccount} />
      <Account title="Paying from abroad (dollar account)" account={site?.dollarAccount} />
    </div>
  );
}
