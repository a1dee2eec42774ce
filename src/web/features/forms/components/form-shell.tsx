import { type FormEvent, type ReactNode, useEffect, useId, useState } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { MAX_UPLOAD_BYTES } from '../../../../shared/constants';
import type { Option } from '../../../../shared/options';
import { FILE_ACCEPT, type FormFile } from '../../../../shared/form-definitions';
import { GuardianNotice } from '../../../components/guardian-notice';
import { ButtonSpinner } from '../../../components/spinner';
import { FormError } from '../../../components/form-error';
import { loadFormSchemas } from './use-member-form';
import './forms.css';

interface FormShellProps {
  title: string;
  lead: string;
  onSubmit: (event: FormEvent) => unknown;
  pending: boolean;
  /** Shown while a multipart form is on its way up. */
  progress?: number;
  showProgress?: boolean;
  failure: string | null;
  submitLabel?: string;
  children: ReactNode;
}

// A failed early download is not an error: the first check tries again (lazy-zod-resolver.ts).
const preloadChecks = () => void loadFormSchemas().catch(() => {});

/** The page around every member form: heading, fields, the server's failure, upload progress, one submit button. */
export function FormShell({ title, lead, onSubmit, pending, progress = 0, showProgress = false, failure, submitLabel = 'Submit', children }: FormShellProps) {
  return (
    <div className="page member-form">
      <header className="page__header">
        <h1>{title}</h1>
        <p className="page__lead">{lead}</p>
      </header>
      <GuardianNotice />
      <form className="form form--grid card member-form__card" noValidate onFocus={preloadChecks} onSubmit={(event) => void onSubmit(event)}>
        {children}
        <div className="form__full">
          <FormError message={failure} />
          {showProgress && pending && (
            <div className="member-form__progress">
              <progress max={1} value={progress} aria-label="Upload progress" />
              <span>{Math.round(progress * 100)}%</span>
            </div>
          )}
          <button type="submit" className="button button--primary button--block" disabled={pending}>
            {pending ? (
              <>
                <ButtonSpinner /> Submitting...
              </>
            ) : (
              submitLabel
            )}
          </button>
        </div>
      </form>
    </div>
  );
}

/** A titled group of fields spanning the form's width. */
export function FormSection({ title, children }: { title: string; children: ReactNode }) {
  return (
    <fieldset className="form__full member-form__section">
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
export function RadioGroupField({ label, options, registration, error, full }: ChoiceGroupProps) {
  return <ChoiceGroup type="radio" label={label} options={options} registration={registration} error={error} full={full} />;
}

/** Several choices at once (the form holds the list of ticked values). */
export function CheckboxListField({ label, options, registration, error, full = true }: ChoiceGroupProps) {
  return <ChoiceGroup type="checkbox" label={label} options={options} registration={registration} error={error} full={full} />;
}

function ChoiceGroup({ type, label, options, registration, error, full }: ChoiceGroupProps & { type: 'radio' | 'checkbox' }) {
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
            <input type={type} value={option.value} {...registration} />
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

interface FileFieldProps {
  file: FormFile;
  value: File | undefined;
  error?: string;
  onChange: (file: File | null) => void;
}

/** A required upload named as the spec names it, with a thumbnail of a chosen image. */
export function FileField({ file, value, error, onChange }: FileFieldProps) {
  const id = useId();
  const limit = `at most ${MAX_UPLOAD_BYTES / (1024 * 1024)} MB`;
  const hint = file.kind === 'image' ? `JPG, PNG or WebP, ${limit}` : `JPG, PNG, WebP or PDF, ${limit}`;
  return (
    <div className={`field member-form__file${error ? ' field--invalid' : ''}`}>
      <label className="field__label" htmlFor={id}>
        {file.label}
      </label>
      <input
        id={id}
        className="field__file"
        type="file"
        name={file.field}
        accept={FILE_ACCEPT[file.kind]}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : `${id}-hint`}
        onChange={(event) => onChange(event.target.files?.[0] ?? null)}
      />
      <FilePreview file={value} />
      {error ? (
        <p className="field__error" id={`${id}-error`} role="alert">
          {error}
        </p>
      ) : (
        <p className="field__hint" id={`${id}-hint`}>
          {hint}
        </p>
      )}
    </div>
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
