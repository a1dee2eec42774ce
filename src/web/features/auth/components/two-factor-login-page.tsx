import { type FormEvent, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { SUCCESS } from '../../../../shared/messages';
import { useFlash } from '../../../components/flash-context';
import { TextField } from '../../../components/form-field';
import { ButtonSpinner } from '../../../components/spinner';
import { ApiError } from '../../../lib/api';
import { useLoginTwoFactor } from '../api/login-two-factor';
import './auth.css';

/** /login/2fa: after a staff member's password, the code from their authenticator app (or a recovery code). */
export function TwoFactorLoginPage() {
  const [code, setCode] = useState('');
  const [error, setError] = useState('');
  const [startAgain, setStartAgain] = useState(false);
  const verify = useLoginTwoFactor();
  const flash = useFlash();
  const navigate = useNavigate();

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setError('');
    verify.mutate(code, {
      onSuccess: () => {
        flash.showSuccess(SUCCESS.login);
        void navigate('/admin');
      },
      onError: (failure) => {
        setError(failure.message);
        setStartAgain(failure instanceof ApiError && failure.status === 401);
      },
    });
  }

  return (
    <section className="auth">
      <div className="auth__card">
        <h1 className="auth__title">Two-factor sign-in</h1>
        <p className="auth__lead">Enter the 6-digit code your authenticator app shows, or one of your recovery codes.</p>
        <form className="form" onSubmit={submit} noValidate>
          <TextField
            label="Code"
            name="code"
            inputMode="numeric"
            autoComplete="one-time-code"
            value={code}
            onChange={(e) => setCode(e.target.value)}
            maxLength={20}
            error={error || undefined}
          />
          <button type="submit" className="button button--primary button--block" disabled={verify.isPending || !code.trim()}>
            {verify.isPending && <ButtonSpinner />} Sign in
          </button>
        </form>
        {startAgain && (
          <p className="auth__switch">
            <Link to="/login">Sign in again</Link>
          </p>
        )}
      </div>
    </section>
  );
}
