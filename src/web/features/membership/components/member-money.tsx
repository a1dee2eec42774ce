import { type FormEvent, useState } from 'react';
import { FINE_TYPES, FINES, type FineType } from '../../../../shared/fines';
import { formatNaira } from '../../../../shared/money';
import type { LedgerEntry } from '../../../../shared/schemas/ledger';
import { useFlash } from '../../../components/flash-context';
import { SelectField, TextAreaField } from '../../../components/form-field';
import { balanceText, FineBadge, LedgerEntries, ReceiptList } from './ledger-entries';
import { QueryView } from '../../../components/query-view';
import { ButtonSpinner } from '../../../components/spinner';
import { SubmissionStatus } from '../../../components/submission-status';
import { useMemberAccount, useRecordFine } from '../api/member-account';
import './membership-console.css';

const FINE_OPTIONS = FINE_TYPES.map((type) => ({ value: type, label: `${FINES[type].label} (${formatNaira(FINES[type].amountKobo)})` }));

/** The member's ledger, balance and receipts on their console page, and recording a fine. */
export function MemberMoneySection({ memberId }: { memberId: string }) {
  const account = useMemberAccount(memberId);
  return (
    <section aria-labelledby="money-title">
      <h3 id="money-title">Ledger and receipts</h3>
      <QueryView query={account}>
        {(data) => (
          <>
            <p className="ledger__balance" data-testid="member-balance">
              {balanceText(data.balanceKobo, { owes: 'Owes', clear: 'Nothing owed', credit: 'In credit' })}
            </p>
            <LedgerEntries ledger={data} action={(entry) => <FineStatus entry={entry} />} />
            <h4>Receipts</h4>
            <ReceiptList payments={data.payments} />
          </>
        )}
      </QueryView>
      <RecordFineForm memberId={memberId} />
    </section>
  );
}

function FineStatus({ entry }: { entry: LedgerEntry }) {
  return entry.fineStatus ? <FineBadge status={entry.fineStatus} /> : null;
}

function RecordFineForm({ memberId }: { memberId: string }) {
  const flash = useFlash();
  const record = useRecordFine(memberId);
  const [type, setType] = useState<FineType>('late');
  const [reason, setReason] = useState('');

  function submit(event: FormEvent) {
    event.preventDefault();
    record.submit({ type, reason }, { onSuccess: (data) => (flash.showSuccess(data.message), setReason('')) });
  }

  return (
    <form className="form admin__action" onSubmit={submit} aria-labelledby="fine-title">
      <h4 id="fine-title">Record a fine</h4>
      <SelectField label="Fine (from the terms)" name="fineType" options={FINE_OPTIONS} value={type} onChange={(e) => setType(e.target.value as FineType)} />
      <p>
        Amount: <strong data-testid="fine-amount">{formatNaira(FINES[type].amountKobo)}</strong>
      </p>
      <TextAreaField
        label="Reason (the member sees it)"
        name="fineReason"
        required
        rows={2}
        maxLength={500}
        value={reason}
        onChange={(e) => setReason(e.target.value)}
      />
      <SubmissionStatus submission={record.view} />
      <button type="submit" className="button button--danger" disabled={record.pending}>
        {record.pending && <ButtonSpinner />} Record fine of {formatNaira(FINES[type].amountKobo)}
      </button>
    </form>
  );
}
