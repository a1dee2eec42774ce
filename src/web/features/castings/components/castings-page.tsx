import { type FormEvent, useState } from 'react';
import type { MemberCastingCall, MemberCastingRole, MyApplication } from '../../../../shared/castings';
import { displayDate, displayDayOf } from '../../../../shared/display-date';
import { FormError } from '../../../components/form-error';
import { TextAreaField } from '../../../components/form-field';
import { QueryView } from '../../../components/query-view';
import { ButtonSpinner } from '../../../components/spinner';
import { useApply, useMyApplications, useOpenCastings } from '../api/castings';
import { ApplicationBadge, callWhen, roleFacts } from './casting-labels';
import './castings.css';

/** /castings: the open casting calls, each role saying whether the member may apply (and why not), and the member's applications. */
export function CastingsPage() {
  const calls = useOpenCastings();
  const applications = useMyApplications();
  return (
    <section className="page page--narrow castings" aria-labelledby="castings-title">
      <header className="page__header">
        <h1 id="castings-title">Castings</h1>
        <p className="page__lead">Apply with your talent profile: staff see your photos and measurements. You are told the outcome here and by email.</p>
      </header>
      <section aria-labelledby="my-applications-title">
        <h2 id="my-applications-title">Your applications</h2>
        <QueryView query={applications} isEmpty={(list) => list.length === 0} empty={<p className="muted">You have not applied for a casting yet.</p>}>
          {(list) => (
            <ul className="castings__applications">
              {list.map((application) => (
                <ApplicationItem key={application.id} application={application} />
              ))}
            </ul>
          )}
        </QueryView>
      </section>
      <section aria-labelledby="open-calls-title">
        <h2 id="open-calls-title">Open casting calls</h2>
        <QueryView
          query={calls}
          isEmpty={(list) => list.length === 0}
          empty={<p className="muted">No casting calls are open right now. Castings are on the second Friday of each month.</p>}
        >
          {(list) => (
            <ul className="castings__calls">
              {list.map((call) => (
                <CallCard key={call.id} call={call} />
              ))}
            </ul>
          )}
        </QueryView>
      </section>
    </section>
  );
}

function ApplicationItem({ application }: { application: MyApplication }) {
  return (
    <li className="card castings__application" aria-label={`${application.roleTitle} in ${application.project}`}>
      <ApplicationBadge state={application.state} />
      <p>
        <strong>{application.roleTitle}</strong> in {application.project}
      </p>
      <p className="muted">
        {displayDate(application.castingDay)}, {application.place} · applied {displayDayOf(application.createdAt)}
      </p>
    </li>
  );
}

function CallCard({ call }: { call: MemberCastingCall }) {
  return (
    <li className="card castings__call" aria-label={call.project}>
      <h3>{call.project}</h3>
      <p>{callWhen(call)}</p>
      <p className="muted">Apply by {displayDate(call.deadline)}</p>
      {call.description && <p>{call.description}</p>}
      <ul className="castings__roles">
        {call.roles.map((role) => (
          <RoleItem key={role.id} role={role} />
        ))}
      </ul>
    </li>
  );
}

function RoleItem({ role }: { role: MemberCastingRole }) {
  const apply = useApply();
  const [note, setNote] = useState('');
  const [sent, setSent] = useState<string | null>(null);

  function submit(event: FormEvent) {
    event.preventDefault();
    apply.mutate({ roleId: role.id, note }, { onSuccess: (answer) => setSent(answer.message) });
  }

  return (
    <li className="castings__role" aria-label={role.title}>
      <h4>{role.title}</h4>
      <p className="muted">
        {roleFacts(role)} · {role.count} to cast
      </p>
      {sent && (
        <p className="castings__sent" role="status">
          {sent}
        </p>
      )}
      {role.application ? (
        <ApplicationBadge state={role.application.state} />
      ) : role.refusal ? (
        <p className="castings__refusal">{role.refusal}</p>
      ) : (
        <form className="form" onSubmit={submit} aria-label={`Apply for ${role.title}`}>
          <TextAreaField
            label="A short note for the staff (optional)"
            name="note"
            rows={2}
            maxLength={500}
            value={note}
            onChange={(e) => setNote(e.target.value)}
          />
          <FormError message={apply.error?.message} />
          <button type="submit" className="button button--primary" disabled={apply.isPending}>
            {apply.isPending && <ButtonSpinner />} Apply for {role.title}
          </button>
        </form>
      )}
    </li>
  );
}
