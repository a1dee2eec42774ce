import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useLocation, useNavigate } from 'react-router';
import { SUCCESS } from '../../../../shared/messages';
import { INVITED_PARAM } from '../../../../shared/public-pages';
import type { ResetPasswordInput } from '../../../../shared/schemas/users';
import { useFlash } from '../../../components/flash-context';
import { FormError } from '../../../components/form-error';
import { TextField } from '../../../components/form-field';
import { ButtonSpinner } from '../../../components/spinner';
import { ApiError } from '../../../lib/api';
import { showFieldErrors } from '../../../lib/field-errors';
import { lazyZodResolver } from '../../../lib/lazy-zod-resolver';
import { useForgotPassword } from '../api/forgot-password';
import { useResetPassword } from '../api/reset-password';
import { matchingPasswords } from './matching-passwords';
import { NewPasswordFields } from './new-password-fields';
import { useReturnTarget } from './use-return-target';
import { FormControls } from '../../../components/form-controls';
import './auth.css';

interface RequestValues {
  identifier: string;
}

const loadSchemas = () => import('../../../../shared/schemas/users');
const requestChecks = lazyZodResolver<RequestValues>(() => loadSchemas().then((m) => m.forgotPasswordSchema));
const resetChecks = lazyZodResolver<ResetPasswordInput>(() => loadSchemas().then((m) => m.resetPasswordSchema));
const resetResolver = matchingPasswords(resetChecks.resolver);

/** What the server said when it was asked for a code, and for which email or phone. */
interface CodeRequest {
  identifier: string;
  notice: string;
}

/**
 * Forgotten password, in two steps on one page: the email or phone of the account (the login
 * page passes what was typed there), then the emailed code with the new password, which signs
 * the member in (a staff member with two-factor sign-in goes on to the authenticator's code).
 */
export function ForgotPasswordPage() {
  const location = useLocation();
  const typedAtLogin = (location.state as { identifier?: string } | null)?.identifier ?? '';
  // A staff invitation's link: the invitee has no password yet.
  const invited = new URLSearchParams(location.search).has(INVITED_PARAM);
  const [identifier, setIdentifier] = useState(typedAtLogin);
  const [request, setRequest] = useState<CodeRequest | null>(null);
  const { carry } = useReturnTarget();

  return (
    <section className="auth">
      <div className="auth__card">
        <h1 className="auth__title">{invited ? 'Set your password' : 'Reset your password'}</h1>
        {request ? (
          <ResetForm
            request={request}
            onResent={setRequest}
            onChangeIdentifier={() => {
              setIdentifier(request.identifier);
              setRequest(null);
            }}
          />
        ) : (
          <RequestCodeForm identifier={identifier} onSent={setRequest} />
        )}
        <p className="auth__switch">
          Remembered it? <Link to={carry('/login')}>Log in</Link>
        </p>
      </div>
    </section>
  );
}

function RequestCodeForm({ identifier, onSent }: { identifier: string; onSent: (request: CodeRequest) => void }) {
  const forgot = useForgotPassword();
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<RequestValues>({ resolver: requestChecks.resolver, defaultValues: { identifier }, mode: 'onTouched' });

  const onSubmit = handleSubmit((values) => {
    const typed = values.identifier.trim();
    forgot.mutate(typed, {
      onSuccess: ({ message }) => onSent({ identifier: typed, notice: message }),
      onError: (error) => {
        if (!showFieldErrors(error, setError, ['identifier'])) setError('root.server', { message: error.message });
      },
    });
  });

  return (
    <>
      <p className="auth__lead">Enter the email address or phone number of your account. We will email you a 6-digit code to choose a new password.</p>
      <form className="form" noValidate onFocus={requestChecks.preload} onSubmit={(event) => void onSubmit(event)}>
        <FormControls>
          <TextField label="Email or phone" autoComplete="username" inputMode="email" {...register('identifier')} error={errors.identifier?.message} />
          <FormError message={errors.root?.server?.message} />
          <button type="submit" className="button button--primary button--block" disabled={forgot.isPending}>
            {forgot.isPending ? (
              <>
                <ButtonSpinner /> Sending...
              </>
            ) : (
              'Send code'
            )}
          </button>
        </FormControls>
      </form>
    </>
  );
}

interface ResetFormProps {
  request: CodeRequest;
  onResent: (request: CodeRequest) => void;
  onChangeIdentifier: () => void;
}

function ResetForm({ request, onResent, onChangeIdentifier }: ResetFormProps) {
  const reset = useResetPassword();
  const resend = useForgotPassword();
  const flash = useFlash();
  const navigate = useNavigate();
  const { destination } = useReturnTarget();
  const {
    register,
    handleSubmit,
    setError,
    setFocus,
    formState: { errors },
  } = useForm<ResetPasswordInput>({
    resolver: resetResolver,
    defaultValues: { identifier: request.identifier, code: '', password: '', confirmPassword: '' },
    mode: 'onTouched',
  });

  // The member was just told to look for the code: the cursor waits where it goes.
  useEffect(() => setFocus('code'), [setFocus]);

  const onSubmit = handleSubmit((values) => {
    reset.mutate(values, {
      onSuccess: (result) => {
        if ('twoFactorRequired' in result) {
          flash.showSuccess(result.message);
          void navigate('/login/2fa', { replace: true });
          return;
        }
        flash.showSuccess(result.message || SUCCESS.passwordReset);
        void navigate(destination(result.user), { replace: true });
      },
      onError: (error) => {
        if (showFieldErrors(error, setError, ['code', 'password', 'confirmPassword'])) return;
        // A 400 without fields is about the code: wrong, expired or already used.
        if (error instanceof ApiError && error.status === 400) setError('code', { message: error.message }, { shouldFocus: true });
        else setError('root.server', { message: error.message });
      },
    });
  });

  function sendAgain() {
    resend.mutate(request.identifier, {
      onSuccess: ({ message }) => onResent({ identifier: request.identifier, notice: message }),
      onError: (error) => setError('root.server', { message: error.message }),
    });
  }

  return (
    <>
      <p className="auth__note" role="status">
        {request.notice}
      </p>
      <form className="form" noValidate onFocus={resetChecks.preload} onSubmit={(event) => void onSubmit(event)}>
        <FormControls>
          <TextField
            label="6-digit code"
            inputMode="numeric"
            autoComplete="one-time-code"
            hint={`Sent for ${request.identifier}`}
            {...register('code')}
            error={errors.code?.message}
          />
          <NewPasswordFields
            label="New password"
            password={register('password')}
            confirm={register('confirmPassword')}
            errors={{ password: errors.password?.message, confirm: errors.confirmPassword?.message }}
          />
          <FormError message={errors.root?.server?.message} />
          <button type="submit" className="button button--primary button--block" disabled={reset.isPending}>
            {reset.isPending ? (
              <>
                <ButtonSpinner /> Saving...
              </>
            ) : (
              'Set new password'
            )}
          </button>
          <div className="auth__actions">
            <button type="button" className="button button--ghost" onClick={sendAgain} disabled={resend.isPending}>
              {resend.isPending && <ButtonSpinner />} Send a new code
            </button>
            <button type="button" className="button button--ghost" onClick={onChangeIdentifier}>
              Use another email or phone
            </button>
          </div>
        </FormControls>
      </form>
    </>
  );
}
