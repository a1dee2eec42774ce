import { type FormEvent, useState } from 'react';
import { type Path, useForm } from 'react-hook-form';
import type { BookingRequestInput } from '../../../../shared/schemas/talent';
import { lazyZodResolver } from '../../../lib/lazy-zod-resolver';
import { SubmissionStatus } from '../../../components/submission-status';
import { TextAreaField, TextField } from '../../../components/form-field';
import { ButtonSpinner } from '../../../components/spinner';
import { useConfirmBooking } from '../api/confirm-booking';
import { useRequestBooking } from '../api/request-booking';
import { FormControls } from '../../../components/form-controls';

const defaults: BookingRequestInput = {
  businessName: '',
  contactName: '',
  email: '',
  phone: '',
  dateFrom: '',
  dateTo: '',
  location: '',
  budgetNaira: '',
  message: '',
};
// raw: the server parses what was typed with the same schema (phone to E.164, budget to kobo).
const checks = lazyZodResolver<BookingRequestInput>(() => import('../../../../shared/schemas/talent').then((m) => m.bookingRequestSchema), { raw: true });

/**
 * "Request a booking": a business sends its details, then enters the code mailed to it (nothing
 * reaches the talent before); the answer is the reference it quotes later.
 */
export function BookingForm({ profileId, stageName }: { profileId: string; stageName: string }) {
  const send = useRequestBooking(profileId);
  const [waiting, setWaiting] = useState<{ confirmationId: string; email: string } | null>(null);
  const [reference, setReference] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<BookingRequestInput>({ resolver: checks.resolver, defaultValues: defaults, mode: 'onTouched' });

  const onSubmit = handleSubmit((values) =>
    send.submit(values, {
      onSuccess: (data) => setWaiting({ confirmationId: data.confirmationId, email: values.email.trim() }),
      onError: (error) => {
        for (const issue of error.fields ?? []) if (issue.field in defaults) setError(issue.field as Path<BookingRequestInput>, { message: issue.message });
      },
    }),
  );

  if (reference) {
    return (
      <section className="card talent-booking talent-booking--sent" role="status" aria-labelledby="booking-sent-title">
        <h2 id="booking-sent-title">Booking request sent</h2>
        <p>
          Your reference is <strong className="talent-booking__reference">{reference}</strong>.
        </p>
        <p>We emailed it to you. {stageName} will accept or decline, and we will email you the answer.</p>
      </section>
    );
  }

  if (waiting) {
    return <ConfirmBooking confirmationId={waiting.confirmationId} email={waiting.email} stageName={stageName} onConfirmed={setReference} />;
  }

  return (
    <section className="card talent-booking" aria-labelledby="booking-title">
      <h2 id="booking-title">Request a booking</h2>
      <p className="muted">Tell {stageName} about the job. Your details go to the talent and our staff only.</p>
      <form className="form form--grid" noValidate onFocus={checks.preload} onSubmit={(event) => void onSubmit(event)}>
        <FormControls>
          <TextField label="Business name" autoComplete="organization" {...register('businessName')} error={errors.businessName?.message} />
          <TextField label="Contact name" autoComplete="name" {...register('contactName')} error={errors.contactName?.message} />
          <TextField label="Email" type="email" autoComplete="email" {...register('email')} error={errors.email?.message} />
          <TextField label="Phone" type="tel" autoComplete="tel" {...register('phone')} error={errors.phone?.message} />
          <TextField label="From" type="date" {...register('dateFrom')} error={errors.dateFrom?.message} />
          <TextField label="To" type="date" {...register('dateTo')} error={errors.dateTo?.message} />
          <TextField label="Location" {...register('location')} error={errors.location?.message} />
          <TextField label="Budget (naira)" inputMode="decimal" {...register('budgetNaira')} error={errors.budgetNaira?.message} />
          <div className="form__full">
            <TextAreaField label="Message" rows={4} {...register('message')} error={errors.message?.message} />
            <SubmissionStatus submission={send.view} />
            <button type="submit" className="button button--primary button--block" disabled={send.pending}>
              {send.pending ? (
                <>
                  <ButtonSpinner /> Sending...
                </>
              ) : (
                'Send booking request'
              )}
            </button>
          </div>
        </FormControls>
      </form>
    </section>
  );
}

/** The second step: the code from the email, which shows the address is the business's own. */
function ConfirmBooking({
  confirmationId,
  email,
  stageName,
  onConfirmed,
}: {
  confirmationId: string;
  email: string;
  stageName: string;
  onConfirmed: (reference: string) => void;
}) {
  const confirm = useConfirmBooking();
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | undefined>();

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    confirm.submit(
      { confirmationId, code: code.trim() },
      {
        onSuccess: (data) => onConfirmed(data.reference),
        onError: (failure) => {
          setError(failure.fields?.[0]?.message ?? failure.message);
        },
      },
    );
  };

  return (
    <section className="card talent-booking" aria-labelledby="booking-confirm-title">
      <h2 id="booking-confirm-title">Check your email</h2>
      <p>
        We sent a 6-digit code to <strong>{email}</strong>. Enter it here to send your request to {stageName}; nothing is sent before.
      </p>
      <form className="form" noValidate onSubmit={onSubmit}>
        <FormControls>
          <TextField
            label="Code from the email"
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={6}
            value={code}
            onChange={(event) => setCode(event.target.value)}
            error={error}
          />
          <SubmissionStatus submission={confirm.view} failureShownElsewhere />
          <button type="submit" className="button button--primary button--block" disabled={confirm.pending}>
            {confirm.pending ? (
              <>
                <ButtonSpinner /> Confirming...
              </>
            ) : (
              'Confirm booking request'
            )}
          </button>
        </FormControls>
      </form>
    </section>
  );
}
