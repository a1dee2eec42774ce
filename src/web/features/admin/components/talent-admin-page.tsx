import { type FormEvent, useState } from 'react';
import { Link } from 'react-router';
import { labelOf } from '../../../../shared/form-options';
import { formatNaira } from '../../../../shared/money';
import type { BookingRequestSummary, TalentProfileSummary } from '../../../../shared/schemas/talent';
import { BOOKING_STATES, type BookingState, TALENT_CATEGORIES } from '../../../../shared/talent-options';
import { useFlash } from '../../../components/flash-context';
import { FormError } from '../../../components/form-error';
import { TextAreaField } from '../../../components/form-field';
import { QueryView } from '../../../components/query-view';
import { useAdminBookingRequests, useAdminTalentProfiles, useCloseBooking, useHideTalent } from '../api/talent';
import './talent-admin-page.css';
import { displayDate, displayDateTime } from '../../../../shared/display-date';

const STATUS_OPTIONS: { value: BookingState | 'all'; label: string }[] = [{ value: 'all', label: 'All' }, ...BOOKING_STATES];

/** /admin/talent: every booking request (close one when it is settled) and the profiles (hide one that breaks the terms). */
export function TalentAdminPage() {
  const [status, setStatus] = useState<BookingState | 'all'>('new');
  const requests = useAdminBookingRequests(status);
  const profiles = useAdminTalentProfiles();
  return (
    <div className="admin__section">
      <div className="admin__toolbar">
        <h2>Booking requests</h2>
        <label>
          Show{' '}
          <select name="status" value={status} onChange={(e) => setStatus(e.target.value as BookingState | 'all')}>
            {STATUS_OPTIONS.map((s) => (
              <option key={s.value} value={s.value}>
                {s.label}
              </option>
            ))}
          </select>
        </label>
      </div>
      <QueryView
        query={requests}
        isEmpty={(data) => data.length === 0}
        empty={<p className="muted">No {status === 'all' ? '' : `${status} `}booking requests.</p>}
      >
        {(data) => (
          <ul className="admin__list">
            {data.map((request) => (
              <RequestCard key={request.id} request={request} />
            ))}
          </ul>
        )}
      </QueryView>

      <div className="admin__toolbar">
        <h2>Talent profiles</h2>
      </div>
      <QueryView query={profiles} isEmpty={(data) => data.length === 0} empty={<p className="muted">No talent profiles yet.</p>}>
        {(data) => (
          <ul className="admin__list">
            {data.map((profile) => (
              <ProfileCard key={profile.id} profile={profile} />
            ))}
          </ul>
        )}
      </QueryView>
    </div>
  );
}

function RequestCard({ request }: { request: BookingRequestSummary }) {
  const close = useCloseBooking();
  const flash = useFlash();
  return (
    <li className="card admin-talent" aria-label={`Booking request ${request.reference}`}>
      <div className="admin-talent__head">
        <h3>
          {request.reference} · {request.businessName}
        </h3>
        <p className={`badge${request.state === 'accepted' ? ' badge--ok' : ''}`}>{labelOf(BOOKING_STATES, request.state)}</p>
      </div>
      <dl className="admin__facts">
        <dt>Talent</dt>
        <dd>
          {request.stageName} ({request.memberName}, {request.memberEmail})
        </dd>
        <dt>Business</dt>
        <dd>
          {request.contactName} · {request.email} · {request.phone}
        </dd>
        <dt>Dates</dt>
        <dd>
          {displayDate(request.dateFrom)} to {displayDate(request.dateTo)}, {request.location}
        </dd>
        <dt>Budget</dt>
        <dd>{formatNaira(request.budgetKobo)}</dd>
        <dt>Received</dt>
        <dd>{displayDateTime(request.createdAt)}</dd>
      </dl>
      <p className="admin-talent__message">{request.message}</p>
      {request.responseMessage && <p className="muted">Talent&apos;s answer: {request.responseMessage}</p>}
      <Link to={`/admin/castings/new?booking=${request.id}`} className="button button--ghost">
        Make a casting call
      </Link>
      {request.state !== 'closed' && (
        <button
          type="button"
          className="button button--ghost"
          disabled={close.isPending}
          onClick={() => close.mutate(request.id, { onSuccess: (data) => flash.showSuccess(data.message) })}
        >
          Close request
        </button>
      )}
      <FormError message={close.error?.message} />
    </li>
  );
}

function ProfileCard({ profile }: { profile: TalentProfileSummary }) {
  const hide = useHideTalent();
  const flash = useFlash();
  const [hiding, setHiding] = useState(false);
  const [reason, setReason] = useState('');
  const answer = { onSuccess: (data: { message: string }) => flash.showSuccess(data.message) };

  function submitHide(event: FormEvent) {
    event.preventDefault();
    hide.mutate({ id: profile.id, hide: true, reason }, answer);
  }

  return (
    <li className="card admin-talent" aria-label={`Talent profile ${profile.stageName}`}>
      <div className="admin-talent__head">
        <h3>{profile.stageName}</h3>
        <p className={`badge${profile.published && !profile.hidden ? ' badge--ok' : ''}`}>
          {profile.hidden ? 'Hidden' : profile.published ? 'Published' : 'Draft'}
        </p>
      </div>
      <dl className="admin__facts">
        <dt>Member</dt>
        <dd>
          {profile.memberName} ({profile.memberEmail})
        </dd>
        <dt>Category</dt>
        <dd>{labelOf(TALENT_CATEGORIES, profile.category)}</dd>
        <dt>Photos / requests</dt>
        <dd>
          {profile.photoCount} / {profile.requestCount}
        </dd>
        {profile.hiddenReason && (
          <>
            <dt>Hidden because</dt>
            <dd>{profile.hiddenReason}</dd>
          </>
        )}
      </dl>
      <div className="admin-talent__buttons">
        {profile.published && !profile.hidden && <Link to={`/talent/${profile.id}`}>Open public profile</Link>}
        {profile.hidden ? (
          <button type="button" className="button button--ghost" disabled={hide.isPending} onClick={() => hide.mutate({ id: profile.id, hide: false }, answer)}>
            Unhide
          </button>
        ) : (
          <>
            <button type="button" className="button button--ghost" aria-expanded={hiding} onClick={() => setHiding((open) => !open)}>
              Hide...
            </button>
            {hiding && (
              <form className="form" onSubmit={submitHide}>
                <TextAreaField label="Reason for the member" name="reason" required rows={2} value={reason} onChange={(e) => setReason(e.target.value)} />
                <button type="submit" className="button button--danger" disabled={hide.isPending || !reason.trim()}>
                  Hide profile
                </button>
              </form>
            )}
          </>
        )}
      </div>
      <FormError message={hide.error?.message} />
    </li>
  );
}
