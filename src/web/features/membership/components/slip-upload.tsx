import { type FormEvent, useState } from 'react';
import { SUCCESS } from '../../../../shared/messages';
import { useFlash } from '../../../components/flash-context';
import { ButtonSpinner } from '../../../components/spinner';
import { SubmissionStatus } from '../../../components/submission-status';
import { useUploadSlip } from '../api/membership';
import { SlipFileField } from './slip-file-field';

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
  const upload = useUploadSlip();

  function submit(event: FormEvent) {
    event.preventDefault();
    if (!file) return;
    upload.submit(
      { file, email, userId, plan },
      {
        onSuccess: (data) => {
          flash.showSuccess(data.message || SUCCESS.slipUploaded);
          onUploaded?.();
        },
      },
    );
  }

  return (
    <form className="form fees__step" onSubmit={submit} aria-label="Upload your payment slip">
      <SlipFileField
        name="paymentSlip"
        onChange={(chosen) => {
          setFile(chosen);
          upload.reset();
        }}
      />
      <SubmissionStatus submission={upload.view} showProgress />
      <button className="button button--primary" type="submit" disabled={!file || upload.pending}>
        {upload.pending && <ButtonSpinner />} {submitLabel}
      </button>
    </form>
  );
}
