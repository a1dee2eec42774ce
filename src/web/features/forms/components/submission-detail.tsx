import { Link, useLocation, useParams } from 'react-router';
import { FORM_DEFINITIONS, type FormField } from '../../../../shared/form-definitions';
import { labelOf } from '../../../../shared/form-options';
import { useFlash } from '../../../components/flash-context';
import { FormError } from '../../../components/form-error';
import { ButtonSpinner, Spinner } from '../../../components/spinner';
import type { SubmissionDetail as Detail } from '../../../../shared/schemas/admin';
import { useMarkHandled, useSubmission } from '../api/review-submissions';
import { SubmissionStateBadge } from './submission-state';
import './submissions-console.css';
import { displayDateTime } from '../../../../shared/display-date';

/** "someField" -> "Some field": the label of a stored field the form no longer describes. */
function fieldLabel(field: string): string {
  const words = field.replace(/([a-z])([A-Z0-9])/g, '$1 $2').toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** A stored answer as the member chose it: option keys shown with their labels. */
function showValue(field: FormField | undefined, value: unknown): string {
  if (value === undefined || value === null || value === '') return '—';
  const options = field?.options;
  if (Array.isArray(value)) return value.length ? value.map((v) => (options ? labelOf(options, String(v)) : String(v))).join(', ') : '—';
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  if (typeof value === 'object') return JSON.stringify(value);
  const text = String(value as string | number);
  return options ? labelOf(options, text) : text;
}

/** Every described field in the form's own order under its label, then anything else stored. */
function rows(submission: Detail): { name: string; label: string; value: string }[] {
  const fields: readonly FormField[] = FORM_DEFINITIONS[submission.form]?.fields ?? [];
  const extra = Object.keys(submission.data).filter((key) => !fields.some((field) => field.name === key));
  return [
    ...fields.map((field) => ({ name: field.name, label: field.label, value: showValue(field, submission.data[field.name]) })),
    ...extra.map((name) => ({ name, label: fieldLabel(name), value: showValue(undefined, submission.data[name]) })),
  ];
}

/** /admin/submissions/:id: one submission in full, its files, and "Mark as handled". */
export function SubmissionDetailPage() {
  const { id = '' } = useParams();
  const location = useLocation();
  const back = (location.state as { back?: string } | null)?.back ?? '';
  const submission = useSubmission(id);
  const handled = useMarkHandled();
  const flash = useFlash();

  if (submission.isPending) return <Spinner />;
  if (submission.isError) return <p className="form__error">{submission.error.message}</p>;
  const s = submission.data;

  return (
    <article className="admin__section card admin__detail" aria-labelledby="submission-title">
      <p>
        <Link to={`/admin/submissions${back}`}>← All submissions</Link>
      </p>
      <div className="admin__toolbar">
        <h2 id="submission-title">{s.formLabel}</h2>
        <SubmissionStateBadge state={s.state} />
      </div>
      <dl className="admin__facts">
        <dt>Member</dt>
        <dd>
          <Link to={`/admin/members/${s.member.id}`}>{s.member.name}</Link> · {s.member.email} · {s.member.phone}
        </dd>
        <dt>Sent</dt>
        <dd>{displayDateTime(s.createdAt)}</dd>
        {s.handledAt && (
          <>
            <dt>Handled</dt>
            <dd>
              {displayDateTime(s.handledAt)} by {s.handledBy?.name ?? s.handledBy?.email ?? 'staff'}
            </dd>
          </>
        )}
      </dl>
      <h3>Fields</h3>
      <dl className="admin__facts">
        {rows(s).map((row) => (
          <div key={row.name} className="admin__fact">
            <dt>{row.label}</dt>
            <dd>{row.value}</dd>
          </div>
        ))}
      </dl>
      {s.files.length > 0 && (
        <>
          <h3>Files</h3>
          <ul className="admin__files">
            {s.files.map((file) => (
              <li key={file.field}>
                {file.mimeType.startsWith('image/') ? (
                  <a href={file.url} target="_blank" rel="noopener noreferrer">
                    <img src={file.url} alt={file.label} loading="lazy" width={160} height={160} />
                    <span>{file.label}</span>
                  </a>
                ) : (
                  <a className="admin__file-link" href={file.url} target="_blank" rel="noopener noreferrer">
                    {file.label} (PDF)
                  </a>
                )}
              </li>
            ))}
          </ul>
        </>
      )}
      {s.state === 'new' && (
        <button
          type="button"
          className="button button--primary"
          disabled={handled.isPending}
          onClick={() =>
            handled.mutate(s.id, {
              onSuccess: () => flash.showSuccess('Marked as handled.'),
            })
          }
        >
          {handled.isPending && <ButtonSpinner />} Mark as handled
        </button>
      )}
      <FormError message={handled.error?.message} />
    </article>
  );
}
