import { type FormEvent, useState } from 'react';
import { Link } from 'react-router';
import { TextField } from '../../../components/form-field';
import { QueryView } from '../../../components/query-view';
import { ButtonSpinner } from '../../../components/spinner';
import { useDisableTwoFactor, useEnableTwoFactor, useStaffMe, useTwoFactorSetup } from '../api/me';
import { useFlash } from '../../../components/flash-context';

/** /admin/2fa: a staff member sets up sign-in with an authenticator app, and keeps the recovery codes. */
export function TwoFactorPage() {
  const me = useStaffMe();
  const [recoveryCodes, setRecoveryCodes] = useState<string[] | null>(null);
  return (
    <div className="admin__section">
      <div className="admin__toolbar">
        <h2>Two-factor sign-in</h2>
      </div>
      {recoveryCodes ? (
        <RecoveryCodes codes={recoveryCodes} />
      ) : (
        <QueryView query={me}>
          {(state) =>
            state.twoFactorEnabled ? (
              <>
                <p>Two-factor sign-in is on: after your password, you enter the code your authenticator app shows.</p>
                {!state.twoFactorRequired && <TurnOff />}
              </>
            ) : (
              <>
                {state.twoFactorRequired && (
                  <p className="form__error" role="alert">
                    Two-factor sign-in is required for staff accounts. Set it up to use the console.
                  </p>
                )}
                <Enrol onEnabled={setRecoveryCodes} />
              </>
            )
          }
        </QueryView>
      )}
    </div>
  );
}

function Enrol({ onEnabled }: { onEnabled: (codes: string[]) => void }) {
  const setup = useTwoFactorSetup();
  const enable = useEnableTwoFactor();
  const { code, setCode, currentPassword, setCurrentPassword, error, setError } = useCodeAndPassword();

  function submit(event: FormEvent) {
    event.preventDefault();
    setError(null);
    enable.mutate({ code, currentPassword }, { onSuccess: ({ recoveryCodes }) => onEnabled(recoveryCodes), onError: (failure) => setError(failure.message) });
  }

  if (!setup.data) {
    return (
      <div className="card">
        <p>Use an authenticator app (Google Authenticator, Microsoft Authenticator, 1Password, ...) on your phone.</p>
        {setup.error && (
          <p className="form__error" role="alert">
            {setup.error.message}
          </p>
        )}
        <button type="button" className="button button--primary" disabled={setup.isPending} onClick={() => setup.mutate()}>
          {setup.isPending && <ButtonSpinner />} Set up two-factor sign-in
        </button>
      </div>
    );
  }
  return (
    <form className="card" onSubmit={submit} aria-label="Confirm two-factor sign-in" noValidate>
      <p>Scan this QR code with your authenticator app, or type the key in by hand.</p>
      <img src={setup.data.qrCode} alt="QR code for your authenticator app" width={220} height={220} />
      <p>
        Key: <code data-testid="totp-secret">{setup.data.secret}</code>
      </p>
      <TextField
        label="Code from the app"
        name="code"
        inputMode="numeric"
        autoComplete="one-time-code"
        value={code}
        onChange={(e) => setCode(e.target.value)}
        maxLength={6}
      />
      <CurrentPasswordField value={currentPassword} onChange={setCurrentPassword} error={error} />
      <button type="submit" className="button button--primary" disabled={enable.isPending || code.trim().length !== 6}>
        {enable.isPending && <ButtonSpinner />} Turn on
      </button>
    </form>
  );
}

/** Turning the second factor off: the password and a code from the app (or a recovery code). */
function TurnOff() {
  const disable = useDisableTwoFactor();
  const flash = useFlash();
  const { code, setCode, currentPassword, setCurrentPassword, error, setError } = useCodeAndPassword();

  function submit(event: FormEvent) {
    event.preventDefault();
    setError(null);
    disable.mutate({ code, currentPassword }, { onSuccess: ({ message }) => flash.showSuccess(message), onError: (failure) => setError(failure.message) });
  }

  return (
    <form className="card" onSubmit={submit} aria-label="Turn off two-factor sign-in" noValidate>
      <TextField
        label="Code from the app or a recovery code"
        name="code"
        autoComplete="one-time-code"
        value={code}
        onChange={(e) => setCode(e.target.value)}
        maxLength={20}
      />
      <CurrentPasswordField value={currentPassword} onChange={setCurrentPassword} error={error} />
      <button type="submit" className="button button--ghost" disabled={disable.isPending || !code.trim()}>
        {disable.isPending && <ButtonSpinner />} Turn off
      </button>
    </form>
  );
}

/** Turning two-factor sign-in on or off asks for the same two things: a code and the password. */
function useCodeAndPassword() {
  const [code, setCode] = useState('');
  const [currentPassword, setCurrentPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  return { code, setCode, currentPassword, setCurrentPassword, error, setError };
}

function CurrentPasswordField({ value, onChange, error }: { value: string; onChange: (value: string) => void; error: string | null }) {
  return (
    <TextField
      label="Your password"
      name="currentPassword"
      type="password"
      autoComplete="current-password"
      value={value}
      onChange={(e) => onChange(e.target.value)}
      error={error ?? undefined}
    />
  );
}

function RecoveryCodes({ codes }: { codes: string[] }) {
  return (
    <div className="card">
      <p role="status">Two-factor sign-in is on.</p>
      <p>
        Keep these recovery codes somewhere safe. Each one signs you in once if you lose your phone. They are <strong>not shown again</strong>.
      </p>
      <ul className="admin__codes" aria-label="Recovery codes">
        {codes.map((code) => (
          <li key={code}>
            <code>{code}</code>
          </li>
        ))}
      </ul>
      <Link className="button button--primary" to="/admin">
        I have kept them: go to the console
      </Link>
    </div>
  );
}
