import { type FormEvent, useState } from 'react';
import { displayDate, displayDayOf } from '../../../../shared/display-date';
import type { MembershipState } from '../../../../shared/membership';
import type { MemberStanding } from '../../../../shared/schemas/membership';
import { useFlash } from '../../../components/flash-context';
import { TextAreaField, TextField } from '../../../components/form-field';
import { QueryView } from '../../../components/query-view';
import { ButtonSpinner } from '../../../components/spinner';
import { useAdjustPaidUntil, useMemberStanding, useResendActivationCode, useSuspension } from '../api/member-account';
import './membership-console.css';

const STATE_LABELS: Record<MembershipState, string> = {
  none: 'Never paid',
  pending: 'Slip under review',
  active: 'Active',
  grace: 'In grace',
  lapsed: 'Lapsed',
};

/** The member's membership on their console page: state and paid-until, and what staff can change about it. */
export function MemberStandingSection({ memberId }: { memberId: string }) {
  const standing = useMemberStanding(memberId);
  return (
    <section aria-labelledby="standing-title">
      <h3 id="standing-title">Membership</h3>
      <QueryView query={standing}>
        {(data) => (
          <>
            <StandingFacts standing={data} />
            <div className="admin__actions">
              {data.awaitingActivation && <ResendCodeButton memberId={memberId} />}
              <AdjustPaidUntilForm memberId={memberId} current={data.paidUntil} />
              <SuspensionForm memberId={memberId} suspended={data.suspendedAt !== null} />
            </div>
          </>
        )}
      </QueryView>
    </section>
  );
}

function StandingFacts({ standing }: { standing: MemberStanding }) {
  const suspended = standing.suspendedAt !== null;
  return (
    <dl className="admin__facts">
      <div className="admin__fact">
        <dt>State</dt>
        <dd>
          <span className={`badge${standing.state === 'active' ? ' badge--ok' : ''}`} data-testid="membership-state">
            {suspended ? 'Suspended' : STATE_LABELS[standing.state]}
          </span>
        </dd>
      </div>
      <div className="admin__fact">
        <dt>Paid until</dt>
        <dd data-testid="paid-until">{standing.paidUntil ? displayDate(standing.paidUntil) : '—'}</dd>
      </div>
      <div className="admin__fact">
        <dt>Grace until</dt>
        <dd>{standing.graceUntil ? displayDate(standing.graceUntil) : '—'}</dd>
      </div>
      <div className="admin__fact">
        <dt>Member number</dt>
        <dd>{standing.memberNumber ?? '—'}</dd>
      </div>
      {suspended && (
        <div className="admin__fact">
          <dt>Suspended</dt>
          <dd>
            {displayDayOf(standing.suspendedAt!)}: {standing.suspendedReason}
          </dd>
        </div>
      )}
    </dl>
  );
}

function ResendCodeButton({ memberId }: { memberId: string }) {
  const flash = useFlash();
  const resend = useResendActivationCode(memberId);
  return (
    <div>
      <p className="muted">Their payment is approved; they have not entered the activation code yet.</p>
      <button
        type="button"
        className="button button--ghost"
        disabled={resend.isPending}
        onClick={() => resend.mutate(undefined, { onSuccess: (data) => flash.showSuccess(data.message), onError: (error) => flash.showError(error.message) })}
      >
        {resend.isPending && <ButtonSpinner />} Resend activation code
      </button>
    </div>
  );
}

function AdjustPaidUntilForm({ memberId, current }: { memberId: string; current: string | null }) {
  const flash = useFlash();
  const adjust = useAdjustPaidUntil(memberId);
  const [paidUntil, setPaidUntil] = useState(current ?? '');
  const [reason, setReason] = useState('');

  function submit(event: FormEvent) {
    event.preventDefault();
    adjust.mutate({ paidUntil, reason }, { onSuccess: (data) => (flash.showSuccess(data.message), setReason('')) });
  }

  return (
    <form className="form admin__action" onSubmit={submit} aria-labelledby="adjust-title">
      <h4 id="adjust-title">Adjust paid-until</h4>
      <TextField label="Paid until" type="date" name="paidUntil" required value={paidUntil} onChange={(e) => setPaidUntil(e.target.value)} />
      <TextAreaField
        label="Reason (kept in the audit log)"
        name="adjustReason"
        required
        rows={2}
        maxLength={500}
        value={reason}
        onChange={(e) => setReason(e.target.value)}
      />
      {adjust.isError && (
        <p className="field__error" role="alert">
          {adjust.error.message}
        </p>
      )}
      <button type="submit" className="button button--primary" disabled={adjust.isPending}>
        {adjust.isPending && <ButtonSpinner />} Save paid-until
      </button>
    </form>
  );
}

function SuspensionForm({ memberId, suspended }: { memberId: string; suspended: boolean }) {
  const flash = useFlash();
  const change = useSuspension(memberId);
  const [reason, setReason] = useState('');
  const verb = suspended ? 'Reinstate' : 'Suspend';

  function submit(event: FormEvent) {
    event.preventDefault();
    change.mutate({ suspend: !suspended, reason }, { onSuccess: (data) => (flash.showSuccess(data.message), setReason('')) });
  }

  return (
    <form className="form admin__action" onSubmit={submit} aria-labelledby="suspension-title">
      <h4 id="suspension-title">{verb} membership</h4>
      {!suspended && <p className="muted">A suspended member is treated as lapsed and is told the reason.</p>}
      <TextAreaField
        label={suspended ? 'Reason for reinstating' : 'Reason (the member sees it)'}
        name="suspensionReason"
        required
        rows={2}
        maxLength={500}
        value={reason}
        onChange={(e) => setReason(e.target.value)}
      />
      {change.isError && (
        <p className="field__error" role="alert">
          {change.error.message}
        </p>
      )}
      <button type="submit" className={`button ${suspended ? 'button--primary' : 'button--danger'}`} disabled={change.isPending}>
        {change.isPending && <ButtonSpinner />} {verb}
      </button>
    </form>
  );
}
