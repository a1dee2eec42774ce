import { type FormEvent, useState } from 'react';
import { todayInLagos } from '../../../../shared/dates';
import { FAILURE, SUCCESS } from '../../../../shared/messages';
import { formatNaira } from '../../../../shared/money';
import { AD_FREQUENCIES, AD_STATUSES, type AdFrequency, type AdSummary, advertEndDate } from '../../../../shared/schemas/ads';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { FormError } from '../../../components/form-error';
import { useFlash } from '../../../components/flash-context';
import { TextAreaField, TextField, SelectField } from '../../../components/form-field';
import { ButtonSpinner } from '../../../components/spinner';
import { type AdSchedule, useAdminAds, useApproveAd, useRejectAd, useUpdateAd } from '../api/review-ads';
import { ReviewQueue } from '../../../components/review-queue';
import { AdCard, AdFacts, AdImage } from './ad-card';
import './ads.css';
import { displayDate, displayDateTime } from '../../../../shared/display-date';

const FREQUENCY_OPTIONS = AD_FREQUENCIES.map((f) => ({ value: f, label: f === 'always' ? 'Always' : 'Randomly (about half of the visits)' }));

/** /admin/ads: members' adverts to check, approve from a start date (the weeks paid set the end) or reject (their payment is finance's); running ones moved, or ended early. */
export function AdsQueue() {
  return <ReviewQueue title="Ads" noun="ads" statuses={AD_STATUSES} useItems={useAdminAds} renderItem={(ad) => <StaffAdCard key={ad.id} ad={ad} />} />;
}

function StaffAdCard({ ad }: { ad: AdSummary }) {
  return (
    <AdCard
      as="li"
      label={`Ad of ${ad.memberName}`}
      image={
        ad.imageUrl ? (
          <a href={ad.imageUrl} target="_blank" rel="noopener noreferrer">
            <AdImage url={ad.imageUrl} altText={ad.altText ?? 'Ad image'} lazy />
          </a>
        ) : (
          <p className="muted">The member deleted the image.</p>
        )
      }
      actions={ad.status === 'pending' ? <ReviewAd ad={ad} /> : ad.status === 'running' ? <EditRunningAd ad={ad} /> : undefined}
    >
      <h3>{ad.title || ad.memberName}</h3>
      <AdFacts
        ad={ad}
        before={
          <>
            <dt>Member</dt>
            <dd>
              {ad.memberName} · <a href={`mailto:${ad.memberEmail}`}>{ad.memberEmail}</a>
            </dd>
          </>
        }
        facts={
          <>
            <dt>Paid for</dt>
            <dd>
              {ad.weeks} week{ad.weeks === 1 ? '' : 's'}
              {ad.amountKobo !== null && ` · ${formatNaira(ad.amountKobo)}`}
            </dd>
            <dt>Payment</dt>
            <dd>{ad.paymentStatus ? `${ad.paymentStatus} (finance confirms it)` : 'no payment recorded'}</dd>
            {ad.startDate && (
              <>
                <dt>Runs</dt>
                <dd>
                  {displayDate(ad.startDate)} to {ad.endDate ? displayDate(ad.endDate) : ''} · {ad.frequency}
                </dd>
              </>
            )}
            {ad.reason && (
              <>
                <dt>Reason</dt>
                <dd>{ad.reason}</dd>
              </>
            )}
            <dt>Placed</dt>
            <dd>{displayDateTime(ad.createdAt)}</dd>
          </>
        }
      />
    </AdCard>
  );
}

const weeksPaid = (weeks: number) => `${weeks} week${weeks === 1 ? '' : 's'} paid`;

/**
 * The start a moderator picks, from today on; the end is not theirs to choose: the weeks paid set it
 * (running longer is a new advert, paid). An advert already on the homepage keeps its start.
 */
function ScheduleFields({ ad, started, value, onChange }: { ad: AdSummary; started?: boolean; value: AdSchedule; onChange: (next: AdSchedule) => void }) {
  const end = started ? ad.endDate : value.startDate && advertEndDate(value.startDate, ad.weeks);
  const runsTo = end ? `Runs to ${displayDate(end)}: the ${weeksPaid(ad.weeks)}.` : undefined;
  return (
    <div className="ad-review__schedule">
      <TextField
        label="Start date"
        type="date"
        name="startDate"
        required
        disabled={started}
        min={started ? undefined : todayInLagos()}
        value={value.startDate}
        hint={started ? `${runsTo ?? ''} On the homepage since this day, so its start stays.` : runsTo}
        onChange={(e) => onChange({ ...value, startDate: e.target.value })}
      />
      <SelectField
        label="Frequency"
        name="frequency"
        options={FREQUENCY_OPTIONS}
        value={value.frequency}
        onChange={(e) => onChange({ ...value, frequency: e.target.value as AdFrequency })}
      />
      <TextField
        label="Title (for staff)"
        name="title"
        maxLength={120}
        value={value.title ?? ''}
        onChange={(e) => onChange({ ...value, title: e.target.value })}
      />
    </div>
  );
}

function withoutEmptyTitle(schedule: AdSchedule): AdSchedule {
  const title = schedule.title?.trim();
  return { startDate: schedule.startDate, frequency: schedule.frequency, ...(title ? { title } : {}) };
}

function ReviewAd({ ad }: { ad: AdSummary }) {
  const flash = useFlash();
  const approve = useApproveAd();
  const reject = useRejectAd();
  const today = todayInLagos();
  const [schedule, setSchedule] = useState<AdSchedule>({ startDate: today, frequency: 'always', title: ad.title ?? '' });
  const [rejecting, setRejecting] = useState(false);
  const [reason, setReason] = useState('');
  const busy = approve.isPending || reject.isPending;

  function submitApproval(event: FormEvent) {
    event.preventDefault();
    approve.mutate({ id: ad.id, schedule: withoutEmptyTitle(schedule) }, { onSuccess: (data) => flash.showSuccess(data.message) });
  }

  function submitRejection(event: FormEvent) {
    event.preventDefault();
    reject.mutate({ id: ad.id, reason }, { onSuccess: (data) => flash.showSuccess(data.message) });
  }

  return (
    <div className="ad-review">
      <form className="form" aria-label="Approve the ad" onSubmit={submitApproval}>
        <ScheduleFields ad={ad} value={schedule} onChange={setSchedule} />
        <div className="admin__approve">
          <button type="submit" className="button button--primary" disabled={busy || !schedule.startDate || schedule.startDate < today}>
            {approve.isPending && <ButtonSpinner />} Approve
          </button>
          <button type="button" className="button button--ghost" onClick={() => setRejecting((open) => !open)} aria-expanded={rejecting}>
            Reject...
          </button>
        </div>
        <FormError message={approve.error?.message} />
      </form>
      {rejecting && (
        <form className="form" aria-label="Reject the ad" onSubmit={submitRejection}>
          <FormError message={reject.error?.message} />
          <TextAreaField
            label="Reason for the member"
            name="reason"
            required
            rows={2}
            maxLength={500}
            value={reason}
            onChange={(e) => setReason(e.target.value)}
          />
          <button type="submit" className="button button--danger" disabled={busy || !reason.trim()}>
            {reject.isPending && <ButtonSpinner />} Reject
          </button>
        </form>
      )}
    </div>
  );
}

function EditRunningAd({ ad }: { ad: AdSummary }) {
  const flash = useFlash();
  const update = useUpdateAd();
  const today = todayInLagos();
  const [schedule, setSchedule] = useState<AdSchedule>({ startDate: ad.startDate ?? today, frequency: ad.frequency, title: ad.title ?? '' });
  const [ending, setEnding] = useState(false);
  const failure = update.isError ? update.error.message || FAILURE.adminAdSave : null;
  // Paid and past its start: it has been on the homepage, so its start stays (the server refuses a move).
  const started = ad.paymentStatus === 'approved' && ad.startDate !== null && ad.startDate <= today;
  const moved = schedule.startDate !== ad.startDate;

  function save(event: FormEvent) {
    event.preventDefault();
    const { startDate, ...shown } = withoutEmptyTitle(schedule);
    const change = moved ? { startDate, ...shown } : shown;
    update.mutate({ id: ad.id, change }, { onSuccess: (data) => flash.showSuccess(data.message || SUCCESS.changesSaved) });
  }

  function endNow() {
    update.mutate(
      { id: ad.id, change: { end: true } },
      {
        onSuccess: (data) => {
          setEnding(false);
          flash.showSuccess(data.message || SUCCESS.changesSaved);
        },
      },
    );
  }

  return (
    <div className="ad-review">
      <form className="form" aria-label="Edit the schedule" onSubmit={save}>
        <ScheduleFields ad={ad} started={started} value={schedule} onChange={setSchedule} />
        <div className="admin__approve">
          <button type="submit" className="button button--primary" disabled={update.isPending || (moved && schedule.startDate < today)}>
            {update.isPending && !ending && <ButtonSpinner />} Save changes
          </button>
          <button type="button" className="button button--danger" onClick={() => setEnding(true)} disabled={update.isPending}>
            End now
          </button>
        </div>
        {!ending && <FormError message={failure} />}
      </form>
      <ConfirmDialog
        open={ending}
        title="End this ad now?"
        message={`The ad of ${ad.memberName} leaves the homepage today and the member is told.`}
        confirmLabel="End now"
        busy={update.isPending}
        error={failure}
        onConfirm={endNow}
        onCancel={() => {
          setEnding(false);
          update.reset();
        }}
      />
    </div>
  );
}
