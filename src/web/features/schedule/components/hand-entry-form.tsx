import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { lagosTimeOf, type SessionDate } from '../../../../shared/schedule';
import { FormError } from '../../../components/form-error';
import { TextAreaField, TextField } from '../../../components/form-field';
import { showFieldErrors } from '../../../lib/field-errors';
import { useCorrectRegister } from '../api/schedule';

interface HandEntryValues {
  memberNumber: string;
  arrivedAt: string;
  leftAt: string;
  reason: string;
}
const HAND_ENTRY_FIELDS = ['memberNumber', 'arrivedAt', 'leftAt', 'reason'] as const;

/** A past date's register: a member recorded present by hand from a paper list, with the reason (decision 022, amended 2026-11-28). */
export function HandEntryForm({ date }: { date: SessionDate }) {
  const correct = useCorrectRegister(date.seriesId, date.day);
  const [formError, setFormError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    reset,
    formState: { errors },
  } = useForm<HandEntryValues>({ defaultValues: { memberNumber: '', arrivedAt: lagosTimeOf(date.startsAt), leftAt: '', reason: '' } });
  const onSubmit = handleSubmit(({ leftAt, ...values }) => {
    setFormError(null);
    correct.mutate(
      { record: { ...values, leftAt: leftAt || null } },
      {
        onSuccess: () => reset({ ...values, memberNumber: '' }),
        onError: (error) => {
          if (!showFieldErrors(error, setError, HAND_ENTRY_FIELDS)) setFormError(error.message);
        },
      },
    );
  });
  return (
    <section aria-labelledby="hand-entry-title">
      <h2 id="hand-entry-title" className="section-title">
        Record attendance by hand
      </h2>
      <p className="schedule__meta">
        For a member who came when the door could not record them (a paper register, no data): shown on the register as entered by hand, with your reason.
      </p>
      <form className="schedule__change" noValidate aria-label="Record attendance by hand" onSubmit={(event) => void onSubmit(event)}>
        <TextField label="Member number" placeholder="HM-000123" autoComplete="off" {...register('memberNumber')} error={errors.memberNumber?.message} />
        <div className="schedule__actions">
          <TextField label="Arrived (Lagos time)" type="time" {...register('arrivedAt')} error={errors.arrivedAt?.message} />
          <TextField label="Left (if known)" type="time" {...register('leftAt')} error={errors.leftAt?.message} />
        </div>
        <TextAreaField
          label="Reason"
          rows={2}
          maxLength={300}
          placeholder="Paper register, the door phone had no data"
          {...register('reason')}
          error={errors.reason?.message}
        />
        <FormError message={formError} />
        <div className="schedule__actions">
          <button type="submit" className="button button--primary" disabled={correct.isPending}>
            Record present by hand
          </button>
        </div>
        {correct.data && <p role="status">{correct.data.message}</p>}
      </form>
    </section>
  );
}

/** Takes one member's attendance off a past date's register, with the reason. */
export function TakeOffRegister({ date, member }: { date: SessionDate; member: { userId: string; fullName: string } }) {
  const correct = useCorrectRegister(date.seriesId, date.day);
  const [open, setOpen] = useState(false);
  const [reason, setReason] = useState('');
  if (!open)
    return (
      <div className="schedule__actions">
        <button type="button" className="button button--ghost" onClick={() => setOpen(true)} aria-label={`Correct the attendance of ${member.fullName}`}>
          Correct
        </button>
      </div>
    );
  return (
    <form
      className="schedule__change"
      noValidate
      aria-label={`Take ${member.fullName} off the register`}
      onSubmit={(event) => {
        event.preventDefault();
        correct.mutate({ remove: member.userId, reason });
      }}
    >
      <TextAreaField label="Why take them off the register" rows={2} maxLength={300} value={reason} onChange={(event) => setReason(event.target.value)} />
      <FormError message={correct.error?.message ?? null} />
      <div className="schedule__actions">
        <button type="submit" className="button button--danger" disabled={correct.isPending}>
          Take off the register
        </button>
        <button type="button" className="button button--ghost" onClick={() => setOpen(false)}>
          Keep it
        </button>
      </div>
    </form>
  );
}
