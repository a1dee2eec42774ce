import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import { SUCCESS } from '../../../../shared/messages';
import type { User } from '../../../../shared/schemas/users';
import { useFlash } from '../../../components/flash-context';
import { TextField } from '../../../components/form-field';
import { ButtonSpinner } from '../../../components/spinner';
import { showFieldErrors } from '../../../lib/field-errors';
import { lazyZodResolver } from '../../../lib/lazy-zod-resolver';
import { useConfirmEmail } from '../api/confirm-email';

interface CodeValues {
  code: string;
}

const checks = lazyZodResolver<CodeValues>(() => import('../../../../shared/schemas/users').then((m) => m.confirmEmailSchema));

interface PendingEmailProps {
  email: string;
  pendingEmail: string;
  /** The change was just asked for: the cursor goes to the code. */
  focusCode: boolean;
  onConfirmed: (user: User) => void;
}

/** A new email waiting for the code sent to it; the old one stays in use until it is entered. */
export function PendingEmail({ email, pendingEmail, focusCode, onConfirmed }: PendingEmailProps) {
  const confirm = useConfirmEmail();
  const flash = useFlash();
  const {
    register,
    handleSubmit,
    setError,
    setFocus,
    formState: { errors },
  } = useForm<CodeValues>({ resolver: checks.resolver, defaultValues: { code: '' }, mode: 'onTouched' });

  useEffect(() => {
    if (focusCode) setFocus('code');
  }, [focusCode, setFocus]);

  const onSubmit = handleSubmit(({ code }) => {
    confirm.mutate(code.trim(), {
      onSuccess: ({ message, user }) => {
        flash.showSuccess(message || SUCCESS.emailConfirmed);
        onConfirmed(user);
      },
      // The code is the form's one field: whatever is refused is said next to it.
      onError: (error) => {
        if (!showFieldErrors(error, setError, ['code'])) setError('code', { message: error.message });
      },
    });
  });

  return (
    <section className="pending-email" aria-labelledby="pending-email-title">
      <h2 id="pending-email-title" className="pending-email__title">
        Confirm your new email
      </h2>
      <p className="pending-email__text">
        We sent a code to <strong>{pendingEmail}</strong>. Enter it to confirm the change; until then we keep using <strong>{email}</strong>.
      </p>
      <form className="form" noValidate onFocus={checks.preload} onSubmit={(event) => void onSubmit(event)}>
        <TextField label="Confirmation code" inputMode="numeric" autoComplete="one-time-code" {...register('code')} error={errors.code?.message} />
        <div>
          <button type="submit" className="button button--primary" disabled={confirm.isPending}>
            {confirm.isPending && <ButtonSpinner />} Confirm
          </button>
        </div>
      </form>
    </section>
  );
}
