import { type FormEvent, type ReactNode, useEffect, useId, useState } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { MAX_UPLOAD_BYTES } from '../../../../shared/constants';
import type { Option } from '../../../../shared/options';
import { FILE_ACCEPT, type FormFile } from '../../../../shared/form-definitions';
import { type FormKind } from '../../../../shared/form-routes';
import { FORM_POST_FIELDS } from '../../../../shared/rendered-page';
import { FileField } from '../../../components/file-field';
import { FormError } from '../../../components/form-error';
import { GuardianNotice } from '../../../components/guardian-notice';
import { ButtonSpinner } from '../../../components/spinner';
import { SubmissionStatus } from '../../../components/submission-status';
import type { SubmissionView } from '../../../lib/submission';
import type { FormSteps } from './use-form-sections';
import { type FormPost, loadFormSchemas } from './use-member-form';
import './forms.css';

interface FormShellProps {
  title: string;
  lead: string;
  formKind: FormKind;
  onSubmit: (event: FormEvent) => unknown;
  submission: SubmissionView;
  /** Said when the fields were filled from a draft kept on the device. */
  draftNote?: string | null;
  /** A multipart form shows the share of its upload sent so far. */
  showProgress?: boolean;
  submitLabel?: string;
  /** Some fields start with what the member's profile says: the page says so. */
  prefilled?: boolean;
  /** A form in sections shown one at a time (a phone): where the member is, and Back / Next. */
  steps?: FormSteps;
  /** Drawn by the server: the form also posts as a plain form, before (or without) the page's code. */
  post?: FormPost;
  /** The server's refusal of that plain post, shown until the member sends again. */
  refusal?: string;
  children: ReactNode;
}

// A failed early download is not an error: the first check tries again (lazy-zod-resolver.ts).
const preloadChecks = () => void loadFormSchemas().catch(() => {});

/** The page around every member form: heading, fields, where the submission is (progress, waiting, the server's refusal), one submit button. */
export function FormShell({
  title,
  lead,
  formKind,
  onSubmit,
  submission,
  draftNote,
  showProgress = false,
  submitLabel = 'Submit',
  prefilled = false,
  steps,
  post,
  refusal,
  children,
}: FormShellProps) {
  const last = !steps || steps.current === steps.total - 1;
  const pending = submission.state === 'sending' || submission.state === 'offline' || submission.state === 'retrying';
  return (
    <div className="page member-form">
      <header className="page__header">
        <h1>{title}</h1>
        <p className="page__lead">{lead}</p>
        {prefilled && !draftNote && <p className="member-form__prefilled">We filled in what your profile already says: check it before you send.</p>}
        {draftNote && (
          <p className="member-form__prefilled" role="status">
            {draftNote}
          </p>
        )}
      </header>
      <GuardianNotice />
      <form
        className="form form--grid card member-form__card"
        noValidate
        data-form={formKind}
        method={post ? 'post' : undefined}
        action={post?.action}
        onFocus={preloadChecks}
        onSubmit={(event) => void onSubmit(event)}
      >
        {post && (
          <>
            <input type="hidden" name={FORM_POST_FIELDS.csrfToken} value={post.csrfToken} />
            <input type="hidden" name={FORM_POST_FIELDS.idempotencyKey} value={post.idempotencyKey} />
          </>
        )}
        {steps && <StepProgress steps={steps} />}
        {children}
        <div className="form__full">
          {last && submission.state === 'idle' && <FormError message={refusal} />}
          {last && <SubmissionStatus submission={submission} showProgress={showProgress} />}
          <div className={steps ? 'member-form__buttons' : undefined}>
            {steps && steps.current > 0 && (
              <button type="button" className="button button--ghost" onClick={steps.onBack}>
                Back
              </button>
            )}
            {/* Keys: Next must not become Submit in place, or the click that moves to the last section would also send the form. */}
            {last ? (
              <button key="submit" type="submit" className={`button button--primary${steps ? '' : ' button--block'}`} disabled={pending}>
                {pending ? (
                  <>
                    <ButtonSpinner /> Submitting...
                  </>
                ) : (
                  submitLabel
                )}
              </button>
            ) : (
              <button key="next" type="button" className="button button--primary" onClick={steps.onNext}>
                Next
              </button>
            )}
          </div>
        </div>
      </form>
    </div>
  );
}

function StepProgress({ steps }: { steps: FormSteps }) {
  return (
    <div className="form__full member-form__steps">
      <h2 ref={steps.headingRef} tabIndex={-1} className="member-form__step-title">
        Section {steps.current + 1} of {steps.total}
      </h2>
      <progress max={steps.total} value={steps.current + 1} aria-label={`Section ${steps.current + 1} of ${steps.total}`} />
    </div>
  );
}

/** A titled group of fields spanning the form's width; `hidden` while another section of a stepped form is shown. */
export function FormSection({ title, id, hidden, children }: { title: string; id?: string; hidden?: boolean; children: ReactNode }) {
  return (
    <fieldset id={id} hidden={hidden} className="form__full member-form__section">
      <legend className="member-form__legend">{title}</legend>
      <div className="form form--grid">{children}</div>
    </fieldset>
  );
}

interface ChoiceGroupProps {
  label: string;
  options: readonly Option[];
  registration: UseFormRegisterReturn;
  error?: string;
  full?: boolean;
}

/** One choice of a few, as radio buttons with their readable labels. */
export function RadioGroupField({ label, options, registration, error, full, defaultValue }: ChoiceGroupProps & { defaultValue?: string }) {
  return <ChoiceGroup type="radio" label={label} options={options} registration={registration} error={error} full={full} defaultValue={defaultValue} />;
}

/** Several choices at once (the form holds the list of ticked values). */
export function CheckboxListField({ label, options, registration, error, full = true }: ChoiceGroupProps) {
  return <ChoiceGroup type="checkbox" label={label} options={options} registration={registration} error={error} full={full} />;
}

/** `defaultValue`: the choice ticked in the drawn page (a form drawn on the server, before its code). */
function ChoiceGroup({
  type,
  label,
  options,
  registration,
  error,
  full,
  defaultValue,
}: ChoiceGroupProps & { type: 'radio' | 'checkbox'; defaultValue?: string | readonly string[] }) {
  const id = useId();
  return (
    <fieldset
      className={`field choice-group${type === 'checkbox' ? ' choice-group--many' : ''}${full ? ' form__full' : ''}${error ? ' field--invalid' : ''}`}
      aria-describedby={error ? `${id}-error` : undefined}
    >
      <legend className="field__label">{label}</legend>
      <div className="choice-group__options">
        {options.map((option) => (
          <label key={option.value} className="choice-group__option">
            <input
              type={type}
              value={option.value}
              defaultChecked={defaultValue === undefined ? undefined : [defaultValue].flat().includes(option.value)}
              {...registration}
            />
            <span>{option.label}</span>
          </label>
        ))}
      </div>
      {error && (
        <p className="field__error" id={`${id}-error`} role="alert">
          {error}
        </p>
      )}
    </fieldset>
  );
}

interface FormFileFieldProps {
  file: FormFile;
  value: File | undefined;
  error?: string;
  onChange: (file: File | null) => void;
}

/** A required upload named as the spec names it, with what it is for, and a thumbnail of a chosen image. */
export function FormFileField({ file, value, error, onChange }: FormFileFieldProps) {
  const limit = `at most ${MAX_UPLOAD_BYTES / (1024 * 1024)} MB`;
  return (
    <FileField
      label={file.label}
      purpose={file.purpose}
      name={file.field}
      accept={FILE_ACCEPT[file.kind]}
      hint={file.kind === 'image' ? `JPG, PNG or WebP, ${limit}` : `JPG, PNG, WebP or PDF, ${limit}`}
      error={error}
      onFiles={([chosen]) => onChange(chosen ?? null)}
    >
      <FilePreview file={value} />
    </FileField>
  );
}

function FilePreview({ file }: { file: File | undefined }) {
  const [url, setUrl] = useState<string | null>(null);
  const isImage = file?.type.startsWith('image/') ?? false;
  useEffect(() => {
    if (!file || !isImage) {
      setUrl(null);
      return;
    }
    const objectUrl = URL.createObjectURL(file);
    setUrl(objectUrl);
    return () => URL.revokeObjectURL(objectUrl);
  }, [file, isImage]);
  if (!file) return null;
  if (!url) return <p className="member-form__file-name">{file.name}</p>;
  return <img className="member-form__thumb" src={url} alt={`Preview of ${file.name}`} width={96} height={96} />;
}
