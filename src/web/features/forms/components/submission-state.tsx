import { labelOf, SUBMISSION_STATES, type SubmissionState } from '../../../../shared/form-options';

/** New or Handled, in the console's submissions list and on a submission's page. */
export function SubmissionStateBadge({ state }: { state: SubmissionState }) {
  return <span className={`badge${state === 'handled' ? ' badge--ok' : ''}`}>{labelOf(SUBMISSION_STATES, state)}</span>;
}
