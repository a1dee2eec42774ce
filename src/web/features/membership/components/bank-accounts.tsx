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

function Account({ title, account }: { title: string; account: string | undefined }) {
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
  return (
    <div className="fees__accounts">
      <Account title="Pay in naira (bank transfer)" account={site?.nairaAccount} />
      <Account title="Paying from abroad (dollar account)" account={site?.dollarAccount} />
    </div>
  );
}
