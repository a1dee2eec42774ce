import { useId, useState } from 'react';
import { MAX_UPLOAD_BYTES } from '../../../../shared/constants';
import { uploadRefusal } from '../../../lib/prepare-upload';

const LIMIT_MB = MAX_UPLOAD_BYTES / (1024 * 1024);

/** The server's refusal, said before the file is sent: a slip over the limit never costs mobile data. */
function slipSizeError(file: File): string | null {
  const refusal = uploadRefusal(file, 'Payment slip');
  return refusal && `${refusal} Send a screenshot or a photo of the slip.`;
}

interface SlipFileFieldProps {
  name: string;
  onChange: (file: File | null) => void;
}

/** The slip's file input: a photo or a PDF within the server's limit (the server's own refusal is the submission's: SubmissionStatus). */
export function SlipFileField({ name, onChange }: SlipFileFieldProps) {
  const id = useId();
  const [sizeError, setSizeError] = useState<string | null>(null);
  const error = sizeError;
  return (
    <div className={`field${error ? ' field--invalid' : ''}`}>
      <label className="field__label" htmlFor={id}>
        Payment slip (photo or PDF, at most {LIMIT_MB} MB)
      </label>
      <input
        id={id}
        className="field__file"
        type="file"
        name={name}
        accept="image/*,application/pdf"
        required
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        onChange={(event) => {
          const chosen = event.target.files?.[0] ?? null;
          const refusal = chosen ? slipSizeError(chosen) : null;
          setSizeError(refusal);
          onChange(refusal ? null : chosen);
        }}
      />
      {error && (
        <p className="field__error" id={`${id}-error`} role="alert">
          {error}
        </p>
      )}
    </div>
  );
}
