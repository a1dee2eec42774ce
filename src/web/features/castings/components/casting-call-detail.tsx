import { useState } from 'react';
import { Link, useParams } from 'react-router';
import type { CastingApplicant, StaffCastingCall, StaffCastingRole } from '../../../../shared/castings';
import { displayDate, displayDayOf } from '../../../../shared/display-date';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { useFlash } from '../../../components/flash-context';
import { FormError } from '../../../components/form-error';
import { QueryView } from '../../../components/query-view';
import { useAdminCasting, useCastingDecision } from '../api/review-castings';
import { ApplicationBadge, callWhen, CallStateBadge, roleFacts } from './casting-labels';
import './castings.css';

/** /admin/castings/:id: each role's applicants with their photos and measurements; shortlist, cast (up to the role's number) and close. */
export function CastingCallDetailPage() {
  const { id = '' } = useParams();
  const call = useAdminCasting(id);
  return (
    <div className="admin__section">
      <div className="admin__toolbar">
        <Link to="/admin/castings">Back to casting calls</Link>
      </div>
      <QueryView query={call}>{(data) => <CallDetail call={data} />}</QueryView>
    </div>
  );
}

function CallDetail({ call }: { call: StaffCastingCall }) {
  const decide = useCastingDecision();
  const flash = useFlash();
  const [closing, setClosing] = useState(false);
  const open = call.state === 'open';
  return (
    <>
      <div className="admin__toolbar">
        <h2>{call.project}</h2>
        <CallStateBadge state={call.state} />
      </div>
      <dl className="admin__facts">
        <dt>When</dt>
        <dd>{callWhen(call)}</dd>
        <dt>Deadline</dt>
        <dd>{displayDate(call.deadline)}</dd>
        {call.bookingReference && (
          <>
            <dt>From booking</dt>
            <dd>{call.bookingReference}</dd>
          </>
        )}
      </dl>
      {call.description && <p>{call.description}</p>}
      {call.roles.map((role) => (
        <RoleSection key={role.id} role={role} open={open} />
      ))}
      {open && (
        <button type="button" className="button button--danger" onClick={() => setClosing(true)}>
          Close casting call
        </button>
      )}
      <ConfirmDialog
        open={closing}
        title="Close this casting call?"
        message="No more applications are taken, and every applicant not cast is told so in the portal and by email."
        confirmLabel="Close call"
        busy={decide.isPending}
        onCancel={() => setClosing(false)}
        onConfirm={() =>
          decide.mutate(
            { action: 'close', callId: call.id },
            { onSuccess: ({ message }) => flash.showSuccess(message), onError: (error) => flash.showError(error.message), onSettled: () => setClosing(false) },
          )
        }
      />
    </>
  );
}

function RoleSection({ role, open }: { role: StaffCastingRole; open: boolean }) {
  return (
    <section className="castings__call-role" aria-label={role.title}>
      <h3>
        {role.title}{' '}
        <span className="badge">
          {role.cast} of {role.count} cast
        </span>
      </h3>
      <p className="muted">{roleFacts(role)}</p>
      {role.applicants.length === 0 ? (
        <p className="muted">No applicants yet.</p>
      ) : (
        <ul className="castings__applicants">
          {role.applicants.map((applicant) => (
            <ApplicantCard key={applicant.id} applicant={applicant} open={open} full={role.cast >= role.count} />
          ))}
        </ul>
      )}
    </section>
  );
}

const MEASUREMENT_LABELS: [keyof CastingApplicant['measurements'], string, string][] = [
  ['heightCm', 'Height', ' cm'],
  ['weight', 'Weight', ' kg'],
  ['chest', 'Chest', ' cm'],
  ['hairColor', 'Hair', ''],
  ['eyeColor', 'Eyes', ''],
  ['gender', 'Gender', ''],
];

function ApplicantCard({ applicant, open, full }: { applicant: CastingApplicant; open: boolean; full: boolean }) {
  const decide = useCastingDecision();
  const flash = useFlash();
  const act = (action: 'shortlist' | 'cast') =>
    decide.mutate({ action, applicationId: applicant.id }, { onSuccess: ({ message }) => flash.showSuccess(message) });
  const decidable = open && (applicant.state === 'applied' || applicant.state === 'shortlisted');
  return (
    <li className="card castings__applicant" aria-label={`Applicant ${applicant.memberName}`}>
      <div className="castings__photos">
        {applicant.photos.length === 0 ? (
          <p className="muted">No photos</p>
        ) : (
          applicant.photos.map((url, index) => (
            <img key={url} src={url} alt={`${applicant.stageName}, ${index + 1} of ${applicant.photos.length}`} width={96} height={128} loading="lazy" />
          ))
        )}
      </div>
      <div>
        <h4>
          {applicant.stageName}{' '}
          <span className="muted">
            ({applicant.memberName}
            {applicant.memberNumber ? `, ${applicant.memberNumber}` : ''})
          </span>
        </h4>
        <ApplicationBadge state={applicant.state} />
        <p>
          Level {applicant.level}
          {applicant.age !== null && ` · age ${applicant.age}`}
          {applicant.child && ' · under 18, guardian agreed'}
          {MEASUREMENT_LABELS.filter(([key]) => applicant.measurements[key] !== undefined).map(
            ([key, label, unit]) => ` · ${label} ${applicant.measurements[key]}${unit}`,
          )}
        </p>
        {applicant.note && <p className="castings__note">“{applicant.note}”</p>}
        <p className="muted">Applied {displayDayOf(applicant.createdAt)}</p>
        {decidable && (
          <div className="castings__buttons">
            {applicant.state === 'applied' && (
              <button type="button" className="button button--ghost" disabled={decide.isPending} onClick={() => act('shortlist')}>
                Shortlist <span className="visually-hidden">{applicant.memberName}</span>
              </button>
            )}
            <button
              type="button"
              className="button button--primary"
              disabled={decide.isPending}
              onClick={() => act('cast')}
              title={full ? 'Every place of this role is cast' : undefined}
            >
              Cast <span className="visually-hidden">{applicant.memberName}</span>
            </button>
          </div>
        )}
        <FormError message={decide.error?.message} />
      </div>
    </li>
  );
}
