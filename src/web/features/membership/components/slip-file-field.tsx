import { useState } from 'react';
import { MAX_UPLOAD_BYTES } from '../../../../shared/constants';
import { FileField } from '../../../components/file-field';
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
  const [sizeError, setSizeError] = useState<string | null>(null);
  return (
    <FileField
      label={`Payment slip (photo or PDF, at most ${LIMIT_MB} MB)`}
      name={name}
      accept="image/*,application/pdf"
      required
      error={sizeError}
      onFiles={([chosen]) => {
        const refusal = chosen ? slipSizeError(chosen) : null;
        setSizeError(refusal);
        onChange(refusal || !chosen ? null : chosen);
      }}
    />
  );
}
