import { type FormEvent, useState } from 'react';
import { useFlash } from '../../../components/flash-context';
import { TextAreaField } from '../../../components/form-field';
import { ButtonSpinner } from '../../../components/spinner';
import { useReissueCard } from '../api/reissue-card';

/** On the member's console page: replace their card when a photo or copy of its QR code may be going round. */
export function ReissueCardSection({ memberId, memberNumber }: { memberId: string; memberNumber: string | null }) {
  const flash = useFlash();
  const reissue = useReissueCard(memberId);
  const [reason, setReason] = useState('');
  if (memberNumber === null) return null;

  function submit(event: FormEvent) {
    event.preventDefault();
    reissue.mutate(reason, { onSuccess: (data) => (flash.showSuccess(data.message), setReason('')) });
  }

  return (
    <section aria-labelledby="card-title">
      <h3 id="card-title">Membership card</h3>
      <form className="card admin__stack-form" onSubmit={submit} aria-labelledby="reissue-title">
        <h4 id="reissue-title">Replace the card</h4>
        <p className="muted">
          The QR code of the card now in use, and every photo or print of it, stops checking at once, at the door and on the check page. The member is told and
          finds the new card on their dashboard.
        </p>
        <TextAreaField
          label="Reason (kept in the audit log)"
          name="reissueReason"
          required
          rows={2}
          maxLength={300}
          value={reason}
          onChange={(e) => setReason(e.target.value)}
        />
        {reissue.isError && (
          <p className="field__error" role="alert">
            {reissue.error.message}
          </p>
        )}
        <button type="submit" className="button button--primary" disabled={reissue.isPending}>
          {reissue.isPending && <ButtonSpinner />} Replace the card
        </button>
      </form>
    </section>
  );
}
