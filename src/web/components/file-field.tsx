import { forwardRef, type InputHTMLAttributes, type ReactNode, useId } from 'react';

interface FileFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'type' | 'onChange' | 'children' | 'className'> {
  label: ReactNode;
  /** What the file is for, under the label (a form's documents). */
  purpose?: ReactNode;
  /** The formats and size taken; the error, when there is one, is said in its place. */
  hint?: ReactNode;
  error?: string | null;
  /** The files chosen: one unless `multiple`, none when the choice is cleared. */
  onFiles?: (files: File[]) => void;
  /** Under the input: a preview of what was chosen. */
  children?: ReactNode;
  /** A class added to the field, for a page's own layout of it. */
  className?: string;
}

/**
 * Every file input of the portal (a form's documents, a payment slip, the ad's image, a profile or
 * talent photo, an event's picture): its label, what it is for, the input, a preview, and the
 * hint or the error, tied to the input for screen readers. Checking the size is the caller's, with
 * `uploadRefusal` (lib/prepare-upload.ts), when the file is chosen.
 */
export const FileField = forwardRef<HTMLInputElement, FileFieldProps>(function FileField(
  { label, purpose, hint, error, onFiles, children, className, id: givenId, ...input },
  ref,
) {
  const autoId = useId();
  const id = givenId ?? autoId;
  const describedBy = [purpose ? `${id}-purpose` : null, error ? `${id}-error` : hint ? `${id}-hint` : null].filter(Boolean).join(' ') || undefined;
  return (
    <div className={`field${className ? ` ${className}` : ''}${error ? ' field--invalid' : ''}`}>
      <label className="field__label" htmlFor={id}>
        {label}
      </label>
      {purpose && (
        <p className="field__purpose" id={`${id}-purpose`}>
          {purpose}
        </p>
      )}
      <input
        ref={ref}
        id={id}
        className="field__file"
        type="file"
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
        onChange={(event) => onFiles?.([...(event.target.files ?? [])])}
        {...input}
      />
      {children}
      {error ? (
        <p className="field__error" id={`${id}-error`} role="alert">
          {error}
        </p>
      ) : (
        hint && (
          <p className="field__hint" id={`${id}-hint`}>
            {hint}
          </p>
        )
      )}
    </div>
  );
});
