import { type ChangeEvent, type FormEvent, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { FAILURE, SUCCESS } from '../../../../shared/messages';
import { useFlash } from '../../../components/flash-context';
import { TextField } from '../../../components/form-field';
import { FormError } from '../../../components/form-error';
import { ButtonSpinner } from '../../../components/spinner';
import { useLogin } from '../api/login';
import { useReturnTarget } from './use-return-target';
import { FormControls } from '../../../components/form-controls';
import './auth.css';

export function LoginPage() {
  const [identifier, setIdentifier] = useState('');
  const [password, setPassword] = useState('');
  const [error, setError] = useState('');
  const login = useLogin();
  const flash = useFlash();
  const navigate = useNavigate();
  const { destination, carry, reason } = useReturnTarget();

  // A refusal stays on the form until the member changes what they typed.
  function edit(setValue: (value: string) => void) {
    return (event: ChangeEvent<HTMLInputElement>) => {
      setValue(event.target.value);
      setError('');
    };
  }

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!identifier.trim() || !password) {
      setError(FAILURE.fillAllFields);
      return;
    }
    login.mutate(
      { identifier: identifier.trim(), password },
      {
        onSuccess: (result) => {
          if ('twoFactorRequired' in result) {
            void navigate('/login/2fa');
            return;
          }
          flash.showSuccess(SUCCESS.login);
          void navigate(destination(result.user), { replace: true });
        },
        onError: (err) => {
          const message = err.message || FAILURE.login;
          setError(message);
        },
      },
    );
  }

  return (
    <section className="auth">
      <div className="auth__card">
        <h1 className="auth__title">Welcome back</h1>
        {reason && <p className="auth__reason">{reason}</p>}
        <p className="auth__lead">Sign in with your email address or phone number.</p>
        <form className="form" onSubmit={submit} noValidate>
          <FormControls>
            <TextField
              label="Email or phone"
              name="email"
              type="text"
              autoComplete="username"
              inputMode="email"
              value={identifier}
              onChange={edit(setIdentifier)}
            />
            <TextField label="Password" name="password" type="password" autoComplete="current-password" value={password} onChange={edit(setPassword)} />
            <p className="auth__forgot">
              <Link to={carry('/forgot-password')} state={{ identifier: identifier.trim() }}>
                Forgot password?
              </Link>
            </p>
            <FormError message={error} />
            <button type="submit" className="button button--primary button--block" disabled={login.isPending}>
              {login.isPending ? (
                <>
                  <ButtonSpinner /> Signing in...
                </>
              ) : (
                'Log in'
              )}
            </button>
          </FormControls>
        </form>
        <p className="auth__switch">
          New here? <Link to={carry('/signup')}>Create an account</Link>
        </p>
      </div>
    </section>
  );
}
