import { type FormEvent, useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import { ACTIVATION_REDIRECT_MS } from '../../../../shared/constants';
import { SUCCESS } from '../../../../shared/messages';
import { useFlash } from '../../../components/flash-context';
import { TextField } from '../../../components/form-field';
import { ButtonSpinner } from '../../../components/spinner';
import { useActivateProfile, useSendOtp } from '../api/membership';

/** Approved: the code from the approval email activates the profile; three seconds later, the dashboard. */
export function ActivateStep({ userId }: { userId: string }) {
  const flash = useFlash();
  const navigate = useNavigate();
  const activate = useActivateProfile();
  const [otp, setOtp] = useState('');

  useEffect(() => {
    if (!activate.isSuccess) return;
    const timer = setTimeout(() => void navigate('/profile'), ACTIVATION_REDIRECT_MS);
    return () => clearTimeout(timer);
  }, [activate.isSuccess, navigate]);

  function submit(event: FormEvent) {
    event.preventDefault();
    activate.mutate({ userId, otp }, { onSuccess: (data) => flash.showSuccess(data.message || SUCCESS.activated) });
  }

  if (activate.isSuccess) {
    return (
      <p className="fees__done" role="status">
        {SUCCESS.activated} Taking you to your dashboard...
      </p>
    );
  }
  return (
    <div className="fees__step">
      <form className="form" onSubmit={submit} aria-label="Activate your profile">
        <TextField
          label="Code from the approval email"
          name="otp"
          inputMode="numeric"
          autoComplete="one-time-code"
          pattern="\d{6}"
          maxLength={6}
          required
          value={otp}
          onChange={(e) => setOtp(e.target.value.replace(/\D/g, ''))}
          hint="6 digits. It expires after 10 minutes; ask for a new one below if it has."
          error={activate.isError ? activate.error.message : undefined}
        />
        <button className="button button--primary" type="submit" disabled={activate.isPending || otp.length !== 6}>
          {activate.isPending && <ButtonSpinner />} Activate Profile
        </button>
      </form>
      <ResendCode userId={userId} />
    </div>
  );
}

/** A new code by email, for a lost or expired one: a small link, not a step. */
function ResendCode({ userId }: { userId: string }) {
  const resend = useSendOtp();
  return (
    <p className="fees__resend">
      Did not get it?{' '}
      <button type="button" className="fees__link" disabled={resend.isPending} onClick={() => resend.mutate(userId)}>
        Email me a new code
      </button>
      <span role="status" className={resend.isError ? 'field__error' : 'muted'}>
        {resend.isSuccess ? ` ${resend.data.message || SUCCESS.otpSent}` : resend.isError ? ` ${resend.error.message}` : ''}
      </span>
    </p>
  );
}
