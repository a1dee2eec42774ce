import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router';
import { shiftDate, todayInLagos } from '../../../../shared/dates';
import { firstHandEntryDay, HAND_ENTRY_MONTHS, lagosTimeOf, lagosWhenOf, type SessionDate } from '../../../../shared/schedule';
import type { SessionChangeInput } from '../../../../shared/schemas/schedule';
import { FormError } from '../../../components/form-error';
import { TextAreaField, TextField } from '../../../components/form-field';
import { QueryView } from '../../../components/query-view';
import { showFieldErrors } from '../../../lib/field-errors';
import { useSessionDates } from '../api/schedule';
import { useChangeDate } from '../api/training';

/** How far ahead the series page lists dates to cancel or move, and how many it shows at first. */
const AHEAD_DAYS = 90;
const FIRST_SHOWN = 6;

/** The next dates of one series, each of which staff may cancel or move (everyone expected is told). */
export function SeriesDates({ seriesId }: { seriesId: string }) {
  const today = todayInLagos();
  const dates = useSessionDates(today, shiftDate(today, AHEAD_DAYS));
  const [all, setAll] = useState(false);
  return (
    <section aria-labelledby="series-dates-title">
      <h2 id="series-dates-title" className="section-title">
        Next dates
      </h2>
      <p className="schedule__meta">Cancel or move one date; everyone expected is told by notification and email, with your reason.</p>
      <QueryView query={dates} isEmpty={(list) => !list.some((d) => d.seriesId === seriesId)} empty={<p>No dates in the next three months.</p>}>
        {(list) => {
          const ours = list.filter((d) => d.seriesId === seriesId);
          return (
            <>
              <ul className="schedule__list">
                {(all ? ours : ours.slice(0, FIRST_SHOWN)).map((date) => (
                  <DateItem key={date.day} date={date} />
                ))}
              </ul>
              {!all && ours.length > FIRST_SHOWN && (
                <button type="button" className="button button--ghost" onClick={() => setAll(true)}>
                  Show all {ours.length} dates of the next three months
                </button>
              )}
            </>
          );
        }}
      </QueryView>
    </section>
  );
}

/** The dates of one series that are over, newest first. */
const pastOf = (list: SessionDate[], seriesId: string) => list.filter((d) => d.seriesId === seriesId && Date.parse(d.endsAt) <= Date.now()).reverse();

/** The dates of one series that are over, each opening its register to be corrected by hand (a paper list). */
export function PastDates({ seriesId }: { seriesId: string }) {
  const today = todayInLagos();
  const dates = useSessionDates(firstHandEntryDay(today), today);
  const [all, setAll] = useState(false);
  return (
    <section aria-labelledby="past-dates-title">
      <h2 id="past-dates-title" className="section-title">
        Past dates
      </h2>
      <p className="schedule__meta">Open one to record by hand a member the door missed, or to correct its register (the last {HAND_ENTRY_MONTHS} months).</p>
      <QueryView query={dates} isEmpty={(list) => pastOf(list, seriesId).length === 0} empty={<p>No dates of it are over yet.</p>}>
        {(list) => {
          const over = pastOf(list, seriesId);
          return (
            <>
              <ul className="schedule__list" aria-label="Past dates">
                {(all ? over : over.slice(0, FIRST_SHOWN)).map((date) => (
                  <li key={date.day} className={`schedule__item${date.cancelled ? ' schedule__item--cancelled' : ''}`}>
                    <Link to={`/admin/schedule/${date.seriesId}/${date.day}`}>
                      {lagosWhenOf(date.startsAt)} to {lagosTimeOf(date.endsAt)}
                    </Link>
                    {date.cancelled && <span className="badge badge--flag">Cancelled</span>}
                  </li>
                ))}
              </ul>
              {!all && over.length > FIRST_SHOWN && (
                <button type="button" className="button button--ghost" onClick={() => setAll(true)}>
                  Show all {over.length} past dates
                </button>
              )}
            </>
          );
        }}
      </QueryView>
    </section>
  );
}

interface ChangeValues {
  note: string;
  newDay: string;
  newStartTime: string;
  newEndTime: string;
}
const CHANGE_FIELDS = ['note', 'newDay', 'newStartTime', 'newEndTime'] as const;

function DateItem({ date }: { date: SessionDate }) {
  const [action, setAction] = useState<'cancel' | 'move' | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const when = `${lagosWhenOf(date.startsAt)} to ${lagosTimeOf(date.endsAt)}`;
  return (
    <li className={`schedule__item${date.cancelled ? ' schedule__item--cancelled' : ''}`}>
      <p className="schedule__when">{when}</p>
      {date.cancelled && <span className="badge badge--flag">Cancelled: {date.note}</span>}
      {!date.cancelled && date.note && <span className="badge">Moved: {date.note}</span>}
      {done && <p role="status">{done}</p>}
      {action === null ? (
        <div className="schedule__actions">
          {!date.cancelled && (
            <button type="button" className="button" onClick={() => setAction('cancel')}>
              Cancel this date
            </button>
          )}
          <button type="button" className="button" onClick={() => setAction('move')}>
            {date.cancelled ? 'Hold it on another date' : 'Move this date'}
          </button>
        </div>
      ) : (
        <ChangeForm
          key={action}
          date={date}
          action={action}
          label={when}
          onDone={(message) => {
            setDone(message);
            setAction(null);
          }}
          onClose={() => setAction(null)}
        />
      )}
    </li>
  );
}

function ChangeForm({
  date,
  action,
  label,
  onDone,
  onClose,
}: {
  date: SessionDate;
  action: 'cancel' | 'move';
  label: string;
  onDone: (message: string) => void;
  onClose: () => void;
}) {
  const change = useChangeDate(date.seriesId);
  const [formError, setFormError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<ChangeValues>({
    defaultValues: { note: '', newDay: todayInLagos(new Date(date.startsAt)), newStartTime: lagosTimeOf(date.startsAt), newEndTime: lagosTimeOf(date.endsAt) },
  });
  const onSubmit = handleSubmit((values) => {
    setFormError(null);
    const body: SessionChangeInput = action === 'cancel' ? { action, note: values.note } : { action, ...values };
    change.mutate(
      { day: date.day, change: body },
      {
        onSuccess: (answer) => onDone(answer.message),
        onError: (error) => {
          if (!showFieldErrors(error, setError, CHANGE_FIELDS)) setFormError(error.message);
        },
      },
    );
  });
  return (
    <form className="schedule__change" noValidate aria-label={`${action === 'cancel' ? 'Cancel' : 'Move'} ${label}`} onSubmit={(event) => void onSubmit(event)}>
      {action === 'move' && (
        <>
          <TextField label="New date" type="date" {...register('newDay')} error={errors.newDay?.message} />
          <TextField label="New start (Lagos time)" type="time" {...register('newStartTime')} error={errors.newStartTime?.message} />
          <TextField label="New end (Lagos time)" type="time" {...register('newEndTime')} error={errors.newEndTime?.message} />
        </>
      )}
      <TextAreaField label="Reason, as members are told it" rows={2} maxLength={300} {...register('note')} error={errors.note?.message} />
      <FormError message={formError} />
      <div className="schedule__actions">
        <button type="submit" className={`button ${action === 'cancel' ? 'button--danger' : 'button--primary'}`} disabled={change.isPending}>
          {action === 'cancel' ? 'Cancel the date and tell everyone' : 'Move the date and tell everyone'}
        </button>
        <button type="button" className="button button--ghost" onClick={onClose}>
          Keep it as it is
        </button>
      </div>
    </form>
  );
}
