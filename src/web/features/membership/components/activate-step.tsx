import { type FormEvent, useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import { ACTIVATION_REDIRECT_MS } from '../../../../shared/constants';
import { SUCCESS } from '../../../../shared/messages';
import { useFlash } from '../../../components/flash-context';
import { FormError } from '../../../components/form-error';
import { TextField } from '../../../components/form-field';
import { ButtonSpinner } from '../../../components/spinner';
import { useActivateProfile } from '../api/membership';
import { clearWizardState } from './use-wizard-state';

/** Step 5: the OTP from the email activates the profile; three seconds later, the dashboard. */
export function ActivateStep({ userId }: { userId: string }) {
  const flash = useFlash();
  const navigate = useNavigate();
  const activate = useActivateProfile();
  const [otp, setOtp] = useState('');
  const [failure, setFailure] = useState<string | null>(null);

  useEffect(() => {
    if (!activate.isSuccess) return;
    const timer = setTimeout(() => void navigate('/profile'), ACTIVATION_REDIRECT_MS);
    return () => clearTimeout(timer);
  }, [activate.isSuccess, navigate]);

  function submit(event: FormEvent) {
    event.preventDefault();
    activate.mutate(
      { userId, otp },
      {
        onSuccess: (data) => {
          clearWizardState();
          flash.showSuccess(data.message || SUCCESS.activated);
        },
        onError: (error) => setFailure(error.message),
      },
    );
  }

  if (activate.isSuccess) {
    return (
      <p className="fees__done" role="status">
        {SUCCESS.activated} Taking you to your dashboard...
      </p>
    );
  }
  return (
    <form className="form fees__step" onSubmit={submit}>
      <TextField
        label="OTP"
        name="otp"
        inputMode="numeric"
        autoComplete="one-time-code"
        pattern="\d{6}"
        maxLength={6}
        required
        value={otp}
        onChange={(e) => {
          setOtp(e.target.value.replace(/\D/g, ''));
          setFailure(null);
        }}
        hint="The 6-digit code from the approval email."
      />
      <FormError message={failure} />
      <button className="button button--primary" type="submit" disabled={activate.isPending || otp.length !== 6}>
        {activate.isPending && <ButtonSpinner />} Activate Profile
      </button>
    </form>
  );
}
