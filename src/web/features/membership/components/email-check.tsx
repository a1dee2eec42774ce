import { type FormEvent, useState } from 'react';
import { TextField } from '../../../components/form-field';
import { ButtonSpinner } from '../../../components/spinner';
import { useVerifyCode, useVerifyEmail } from '../api/membership';

/**
 * Before the first slip: a code mailed to the member's own address, typed back here. The server
 * answers the membership status again once it is confirmed, and the upload takes this place.
 */
export function EmailCheck({ email }: { email: string }) {
  const sendCode = useVerifyEmail();
  const checkCode = useVerifyCode();
  const [code, setCode] = useState('');

  function requestCode() {
    checkCode.reset();
    sendCode.mutate(email);
  }

  function confirm(event: FormEvent) {
    event.preventDefault();
    checkCode.mutate({ email, code });
  }

  return (
    <div className="fees__step">
      <p>
        First confirm your email address: we send a 6-digit code to <strong className="fees__value">{email}</strong>.
      </p>
      <div>
        <button type="button" className="button button--primary" disabled={sendCode.isPending} onClick={requestCode}>
          {sendCode.isPending && <ButtonSpinner />} {sendCode.isSuccess ? 'Send the code again' : 'Email me a code'}
        </button>
        {sendCode.isSuccess && (
          <p className="fees__note" role="status">
            Code sent. It expires after 10 minutes.
          </p>
        )}
        {sendCode.isError && (
          <p className="field__error" role="alert">
            {sendCode.error.message}
          </p>
        )}
      </div>
      <form className="form" onSubmit={confirm} aria-label="Confirm your email">
        <TextField
          label="Code from the email"
          name="code"
          inputMode="numeric"
          autoComplete="one-time-code"
          pattern="\d{6}"
          maxLength={6}
          required
          value={code}
          onChange={(e) => setCode(e.target.value.replace(/\D/g, ''))}
          error={checkCode.isError ? checkCode.error.message : undefined}
        />
        <button className="button button--primary" type="submit" disabled={checkCode.isPending || code.length !== 6}>
          {checkCode.isPending && <ButtonSpinner />} Confirm email
        </button>
      </form>
    </div>
  );
}
