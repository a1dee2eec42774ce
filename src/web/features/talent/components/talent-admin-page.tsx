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
import { useAdminBookingRequests, useAdminTalentProfiles, useCloseBooking, useHideTalent } from '../api/review-talent';
import { TalentCard } from './talent-card';
import './talent.css';
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
    <TalentCard
      label={`Booking request ${request.reference}`}
      title={`${request.reference} · ${request.businessName}`}
      state={labelOf(BOOKING_STATES, request.state)}
      ok={request.state === 'accepted'}
      facts={
        <>
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
        </>
      }
    >
      <p className="talent-request__message">{request.message}</p>
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
    </TalentCard>
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
    <TalentCard
      label={`Talent profile ${profile.stageName}`}
      title={profile.stageName}
      state={profile.hidden ? 'Hidden' : profile.published ? 'Published' : 'Draft'}
      ok={profile.published && !profile.hidden}
      facts={
        <>
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
        </>
      }
    >
      <div className="talent-request__buttons">
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
    </TalentCard>
  );
}
