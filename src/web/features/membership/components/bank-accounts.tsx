import { useSite } from '../../../lib/site';

/** Where members pay the fee: the company's bank accounts, from its settings. */
export function BankAccounts() {
  const site = useSite().data;
  return (
    <div className="fees__accounts">
      <div>
        <h3>Pay in naira (bank transfer)</h3>
        <p>{site?.nairaAccount ?? 'Loading account details...'}</p>
      </div>
      <div>
        <h3>Paying from abroad (dollar account)</h3>
        <p>{site?.dollarAccount ?? 'Loading account details...'}</p>
      </div>
    </div>
  );
}
