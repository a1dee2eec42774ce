import { type FormEvent, useState } from 'react';
import { Link, useParams } from 'react-router';
import { formatNaira } from '../../../../shared/money';
import { QueryView } from '../../../components/query-view';
import { ButtonSpinner } from '../../../components/spinner';
import { SubmissionStatus } from '../../../components/submission-status';
import { useLedger } from '../api/ledger';
import { useUploadSlip } from '../api/membership';
import { BankAccounts } from './bank-accounts';
import { PayOnline } from './pay-online';
import { SlipFileField } from './slip-file-field';
import './fees.css';

/** /profile/payments/fines/:id: a fine paid the way the fee is, by bank transfer and its slip, or online. */
export function FinePaymentPage() {
  const { id = '' } = useParams();
  const ledger = useLedger();
  const [file, setFile] = useState<File | null>(null);
  const upload = useUploadSlip();

  function submit(event: FormEvent) {
    event.preventDefault();
    if (!file) return;
    upload.submit({ file, fineId: id });
  }

  return (
    <section className="page page--narrow fees" aria-labelledby="fine-title">
      <h1 id="fine-title">Pay a fine</h1>
      <QueryView query={ledger}>
        {(data) => {
          const fine = data.entries.find((entry) => entry.id === id && entry.kind === 'fine');
          if (!fine) return <p className="form__error">This fine was not found on your account.</p>;
          const amount = formatNaira(fine.amountKobo);
          if (upload.state === 'sent') {
            return (
              <p className="fees__done">
                Slip received. Our staff will check it against the bank statement (usually within a working day) and email you a receipt.
              </p>
            );
          }
          if (fine.fineStatus !== 'unpaid') {
            return <p className="fees__done">{fine.fineStatus === 'paid' ? 'This fine is paid.' : 'Your slip for this fine is under review.'}</p>;
          }
          return (
            <div className="card fees__card">
              <p>{fine.description}</p>
              <p>
                Pay <strong>{amount}</strong> by bank transfer, with your full name as the narration.
              </p>
              <BankAccounts />
              <form className="form fees__step" onSubmit={submit}>
                <SlipFileField
                  name="paymentSlip"
                  onChange={(chosen) => {
                    upload.reset();
                    setFile(chosen);
                  }}
                />
                <SubmissionStatus submission={upload.view} showProgress />
                <button className="button button--primary" type="submit" disabled={!file || upload.pending}>
                  {upload.pending && <ButtonSpinner />} Upload slip for {amount}
                </button>
              </form>
              <PayOnline pay={{ fineId: id }} amount={amount} />
            </div>
          );
        }}
      </QueryView>
      <Link className="button button--ghost" to="/profile/payments">
        Back to payments
      </Link>
    </section>
  );
}
