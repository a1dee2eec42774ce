import { type FormEvent, useState } from 'react';
import { SUCCESS } from '../../../../shared/messages';
import { useFlash } from '../../../components/flash-context';
import { FormError } from '../../../components/form-error';
import { ButtonSpinner } from '../../../components/spinner';
import { useUploadSlip } from '../api/membership';
import { UploadProgress } from './upload-progress';
import type { WizardState } from './use-wizard-state';

interface StepProps {
  state: WizardState;
  update: (change: Partial<WizardState>) => void;
  userId: string;
}

/** Step 3: the slip goes up with a progress bar; success moves to step 4, a failure stays here with its reason. */
export function SlipStep({ state, update, userId }: StepProps) {
  const flash = useFlash();
  const [file, setFile] = useState<File | null>(null);
  const [progress, setProgress] = useState(0);
  const upload = useUploadSlip(setProgress);
  const [failure, setFailure] = useState<string | null>(null);

  function submit(event: FormEvent) {
    event.preventDefault();
    if (!file) return;
    setProgress(0);
    setFailure(null);
    upload.mutate(
      { file, email: state.email, userId: state.userId || userId, plan: state.plan },
      {
        onSuccess: (data) => {
          flash.showSuccess(data.message || SUCCESS.slipUploaded);
          update({ uploadStatus: 'success', step: 4 });
        },
        onError: (error) => setFailure(error.message),
      },
    );
  }

  return (
    <form className="form fees__step" onSubmit={submit}>
      <div className="field">
        <label className="field__label" htmlFor="paymentSlip">
          Payment slip (photo or PDF, at most 5 MB)
        </label>
        <input
          id="paymentSlip"
          className="field__file"
          type="file"
          name="paymentSlip"
          accept="image/*,application/pdf"
          required
          onChange={(e) => {
            const chosen = e.target.files?.[0] ?? null;
            setFile(chosen);
            setFailure(null);
            update({ paymentSlip: chosen?.name ?? '' });
          }}
        />
      </div>
      {upload.isPending && (
        <UploadProgress fraction={progress} />
      )}
      <FormError message={failure} />
      <button className="button button--primary" type="submit" disabled={!file || upload.isPending}>
        {upload.isPending && <ButtonSpinner />} Upload Slip
      </button>
    </form>
  );
}
