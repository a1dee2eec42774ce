import type { ApiError } from '../lib/api';
import { preparingText } from '../lib/prepare-upload';
import type { SubmissionView } from '../lib/submission';
import { FormError } from './form-error';
import './submission-status.css';

export const WAITING_FOR_CONNECTION = 'Waiting for connection, we will send it when you are back online.';

/**
 * Where a submission is, beside its button: the upload's share while it goes up, the wait for a
 * connection, the retry after a lost one, or the server's refusal with a Retry button (a refusal
 * naming fields is shown at the fields, and sending again is the member's next step).
 */
export function SubmissionStatus({
  submission,
  showProgress = false,
  failureText = (error) => error.message,
  failureShownElsewhere = false,
}: {
  submission: SubmissionView;
  showProgress?: boolean;
  /** The page shows the refusal itself (at a field): here only the waits. */
  failureShownElsewhere?: boolean;
  /** How the page words a refusal (the spec prefixes some). */
  failureText?: (error: ApiError) => string;
}) {
  const { state, progress, preparing, error } = submission;
  if (state === 'offline') {
    return (
      <p className="submission-status submission-status--waiting" role="status">
        {WAITING_FOR_CONNECTION}
      </p>
    );
  }
  if (state === 'retrying') {
    return (
      <p className="submission-status submission-status--waiting" role="status">
        The connection was lost. Trying again...
      </p>
    );
  }
  if (state === 'sending' && preparing) {
    return (
      <p className="submission-status submission-status--waiting" role="status">
        {preparingText(preparing.photo, preparing.photos)}
      </p>
    );
  }
  if (state === 'sending' && showProgress) {
    return (
      <div className="submission-status__progress">
        <progress max={1} value={progress} aria-label="Upload progress" />
        <span>{Math.round(progress * 100)}%</span>
      </div>
    );
  }
  if (state === 'failed' && error && !failureShownElsewhere) {
    return (
      <div className="submission-status submission-status--failed">
        <FormError message={failureText(error)} />
        {!error.fields?.length && (
          <button type="button" className="button button--ghost" onClick={submission.retry}>
            Retry
          </button>
        )}
      </div>
    );
  }
  return null;
}
