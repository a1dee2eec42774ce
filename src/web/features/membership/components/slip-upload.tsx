import { type FormEvent, useState } from 'react';
import { SUCCESS } from '../../../../shared/messages';
import { useFlash } from '../../../components/flash-context';
import { ButtonSpinner } from '../../../components/spinner';
import { useUploadSlip } from '../api/membership';
import { SlipFileField } from './slip-file-field';
import { UploadProgress } from './upload-progress';

interface SlipUploadProps {
  email: string;
  userId: string;
  plan: string | undefined;
  submitLabel?: string;
  onUploaded?: () => void;
}

/** The first fee slip, or a new one after a rejection: a failed upload stays here with its reason. */
export function SlipUpload({ email, userId, plan, submitLabel = 'Upload slip', onUploaded }: SlipUploadProps) {
  const flash = useFlash();
  const [file, setFile] = useState<File | null>(null);
  const [progress, setProgress] = useState(0);
  const upload = useUploadSlip(setProgress);

  function submit(event: FormEvent) {
    event.preventDefault();
    if (!file) return;
    setProgress(0);
    upload.mutate({ file, email, userId, plan }, {
        onSuccess: (data) => {
          flash.showSuccess(data.message || SUCCESS.slipUploaded);
          onUploaded?.();
        },
      });
  }

  return (
    <form className="form fees__step" onSubmit={submit} aria-label="Upload your payment slip">
      <SlipFileField
        name="paymentSlip"
        serverError={upload.isError ? upload.error.message : null}
        onChange={(chosen) => {
          setFile(chosen);
          upload.reset();
        }}
      />
      {upload.isPending && <UploadProgress fraction={progress} />}
      <button className="button button--primary" type="submit" disabled={!file || upload.isPending}>
        {upload.isPending && <ButtonSpinner />} {submitLabel}
      </button>
    </form>
  );
}
