import { useState } from 'react';
import { labelOf } from '../../../../shared/form-options';
import { formatNaira } from '../../../../shared/money';
import type { BookingRequest } from '../../../../shared/schemas/talent';
import { BOOKING_STATES } from '../../../../shared/talent-options';
import { useFlash } from '../../../components/flash-context';
import { FormError } from '../../../components/form-error';
import { TextAreaField } from '../../../components/form-field';
import { Spinner } from '../../../components/spinner';
import { useAnswerBooking, useMyBookingRequests } from '../api/booking-requests';
import { displayDate, displayDateTime } from '../../../../shared/display-date';
import { TalentCard } from './talent-card';

/** The booking requests made to the member, newest first; a new one can be accepted or declined with a message. */
export function BookingRequestsList() {
  const requests = useMyBookingRequests();
  if (requests.isPending) return <Spinner />;
  if (requests.isError) return <p className="form__error">{requests.error.message}</p>;
  if (requests.data.length === 0) return <p className="muted">No booking requests yet.</p>;
  return (
    <ul className="talent-requests">
      {requests.data.map((request) => (
        <BookingRequestCard key={request.id} request={request} />
      ))}
    </ul>
  );
}

function BookingRequestCard({ request }: { request: BookingRequest }) {
  const answer = useAnswerBooking();
  const flash = useFlash();
  const [message, setMessage] = useState('');
  const decide = (accept: boolean) => answer.mutate({ id: request.id, accept, message }, { onSuccess: (data) => flash.showSuccess(data.message) });
  return (
    <TalentCard
      label={`Booking request ${request.reference}`}
      title={request.businessName}
      state={labelOf(BOOKING_STATES, request.state)}
      ok={request.state === 'accepted'}
      facts={
        <>
          <dt>Reference</dt>
          <dd>{request.reference}</dd>
          <dt>Contact</dt>
          <dd>
            {request.contactName} · <a href={`mailto:${request.email}`}>{request.email}</a> · <a href={`tel:${request.phone}`}>{request.phone}</a>
          </dd>
          <dt>Dates</dt>
          <dd>
            {displayDate(request.dateFrom)} to {displayDate(request.dateTo)}
          </dd>
          <dt>Location</dt>
          <dd>{request.location}</dd>
          <dt>Budget</dt>
          <dd>{formatNaira(request.budgetKobo)}</dd>
          <dt>Received</dt>
          <dd>
            <time dateTime={request.createdAt}>{displayDateTime(request.createdAt)}</time>
          </dd>
        </>
      }
    >
      <p className="talent-request__message">{request.message}</p>
      {request.responseMessage && <p className="muted">Your answer: {request.responseMessage}</p>}
      {request.state === 'new' && (
        <div className="talent-request__answer">
          <TextAreaField label="Message to the business" rows={2} value={message} onChange={(e) => setMessage(e.target.value)} />
          <div className="talent-request__buttons">
            <button type="button" className="button button--primary" disabled={answer.isPending} onClick={() => decide(true)}>
              Accept
            </button>
            <button type="button" className="button button--ghost" disabled={answer.isPending} onClick={() => decide(false)}>
              Decline
            </button>
          </div>
          <FormError message={answer.error?.message} />
        </div>
      )}
    </TalentCard>
  );
}
