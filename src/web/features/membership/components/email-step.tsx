import { type FormEvent, useState } from 'react';
import { SUCCESS } from '../../../../shared/messages';
import { useFlash } from '../../../components/flash-context';
import { FormError } from '../../../components/form-error';
import { TextField } from '../../../components/form-field';
import { ButtonSpinner } from '../../../components/spinner';
import { useVerifyCode, useVerifyEmail } from '../api/membership';
import type { WizardState } from './use-wizard-state';

interface StepProps {
  state: WizardState;
  update: (change: Partial<WizardState>) => void;
}

/** Step 1: a code is emailed to the member's address and typed back here. */
export function EmailStep({ state, update }: StepProps) {
  const flash = useFlash();
  const sendCode = useVerifyEmail();
  const checkCode = useVerifyCode();
  const [sent, setSent] = useState(false);
  const [sendFailure, setSendFailure] = useState<string | null>(null);
  const [codeFailure, setCodeFailure] = useState<string | null>(null);

  function requestCode(event: FormEvent) {
    event.preventDefault();
    setSendFailure(null);
    sendCode.mutate(state.email, {
      onSuccess: (data) => {
        setSent(true);
        flash.showSuccess(data.message || SUCCESS.verificationSent);
      },
      onError: (error) => setSendFailure(error.message),
    });
  }

  function confirmCode(event: FormEvent) {
    event.preventDefault();
    setCodeFailure(null);
    checkCode.mutate(
      { email: state.email, code: state.verificationCode },
      {
        onSuccess: (data) => {
          flash.showSuccess(data.message || SUCCESS.emailVerified);
          update({ isVerified: true, userId: data.userId, step: 2 });
        },
        onError: (error) => setCodeFailure(error.message),
      },
    );
  }

  return (
    <div className="fees__step">
      <p>We will email a 6-digit code to the address you signed up with.</p>
      <form className="form" onSubmit={requestCode}>
        <TextField label="Email" name="email" type="email" required autoComplete="email" value={state.email} onChange={(e) => update({ email: e.target.value })} />
        <FormError message={sendFailure} />
        <button className="button button--primary" type="submit" disabled={sendCode.isPending || !state.email}>
          {sendCode.isPending && <ButtonSpinner />} {sent ? 'Send the code again' : 'Send Verification Email'}
        </button>
      </form>
      <form className="form" onSubmit={confirmCode}>
        <TextField
          label="Verification code"
          name="code"
          inputMode="numeric"
          autoComplete="one-time-code"
          pattern="\d{6}"
          maxLength={6}
          required
          value={state.verificationCode}
          onChange={(e) => update({ verificationCode: e.target.value.replace(/\D/g, '') })}
          hint="The 6 digits from the email. The code expires after 10 minutes."
        />
        <FormError message={codeFailure} />
        <button className="button button--primary" type="submit" disabled={checkCode.isPending || state.verificationCode.length !== 6}>
          {checkCode.isPending && <ButtonSpinner />} Verify Code
        </button>
      </form>
    </div>
  );
}
