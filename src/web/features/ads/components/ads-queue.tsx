import { type FormEvent, useState } from 'react';
import { shiftDate, todayInLagos } from '../../../../shared/dates';
import { FAILURE, SUCCESS } from '../../../../shared/messages';
import { formatNaira } from '../../../../shared/money';
import { AD_FREQUENCIES, AD_STATUSES, type AdFrequency, type AdSummary } from '../../../../shared/schemas/ads';
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

/** /admin/ads: members' adverts to check, approve with a schedule or reject (their payment is finance's); running ones rescheduled or ended. */
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

function ScheduleFields({ value, onChange }: { value: AdSchedule; onChange: (next: AdSchedule) => void }) {
  return (
    <div className="ad-review__schedule">
      <TextField
        label="Start date"
        type="date"
        name="startDate"
        required
        value={value.startDate}
        onChange={(e) => onChange({ ...value, startDate: e.target.value })}
      />
      <TextField
        label="End date"
        type="date"
        name="endDate"
        required
        min={value.startDate}
        value={value.endDate}
        onChange={(e) => onChange({ ...value, endDate: e.target.value })}
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
  return { startDate: schedule.startDate, endDate: schedule.endDate, frequency: schedule.frequency, ...(title ? { title } : {}) };
}

function ReviewAd({ ad }: { ad: AdSummary }) {
  const flash = useFlash();
  const approve = useApproveAd();
  const reject = useRejectAd();
  const today = todayInLagos();
  const [schedule, setSchedule] = useState<AdSchedule>({
    startDate: today,
    endDate: shiftDate(today, ad.weeks * 7 - 1),
    frequency: 'always',
    title: ad.title ?? '',
  });
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
        <ScheduleFields value={schedule} onChange={setSchedule} />
        <div className="admin__approve">
          <button type="submit" className="button button--primary" disabled={busy || !schedule.startDate || schedule.endDate < schedule.startDate}>
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
  const [schedule, setSchedule] = useState<AdSchedule>({
    startDate: ad.startDate ?? todayInLagos(),
    endDate: ad.endDate ?? todayInLagos(),
    frequency: ad.frequency,
    title: ad.title ?? '',
  });
  const [ending, setEnding] = useState(false);
  const failure = update.isError ? update.error.message || FAILURE.adminAdSave : null;

  function save(event: FormEvent) {
    event.preventDefault();
    update.mutate({ id: ad.id, change: withoutEmptyTitle(schedule) }, { onSuccess: (data) => flash.showSuccess(data.message || SUCCESS.changesSaved) });
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
        <ScheduleFields value={schedule} onChange={setSchedule} />
        <div className="admin__approve">
          <button type="submit" className="button button--primary" disabled={update.isPending || schedule.endDate < schedule.startDate}>
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
