import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useSearchParams } from 'react-router';
import { CONSENT_TEXTS } from '../../../../shared/privacy';
import { CheckboxField, TextField } from '../../../components/form-field';
import { ButtonSpinner } from '../../../components/spinner';
import { showFieldErrors } from '../../../lib/field-errors';
import { useChildToConfirm, useConfirmGuardian } from '../api/privacy';
import './privacy.css';

interface ConfirmValues {
  code: string;
  agree: boolean;
  allowPublication: boolean;
  allowAgeBand: boolean;
}

const FIELDS: (keyof ConfirmValues)[] = ['code', 'agree', 'allowPublication', 'allowAgeBand'];

/** /guardian?child=…: the parent or guardian of a member under 18 confirms the account with the code from their email. */
export function GuardianConfirmPage() {
  const [params] = useSearchParams();
  const child = params.get('child') ?? '';
  const confirm = useConfirmGuardian();
  const childName = useChildToConfirm(child).data?.childName;
  const [done, setDone] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<ConfirmValues>({ defaultValues: { code: '', agree: false, allowPublication: false, allowAgeBand: false } });

  const onSubmit = handleSubmit((values) => {
    if (!values.agree) {
      setError('agree', { message: 'Tick the box to confirm you are the parent or guardian and agree' });
      return;
    }
    confirm.mutate(
      { child, code: values.code.trim(), agree: true, allowPublication: values.allowPublication, allowAgeBand: values.allowAgeBand },
      {
        onSuccess: (answer) => setDone(answer.message),
        onError: (error) => {
          if (!showFieldErrors(error, setError, FIELDS)) setError('code', { message: error.message });
        },
      },
    );
  });

  if (done) {
    return (
      <section className="page page--narrow">
        <h1>Thank you</h1>
        <p role="status">{done}</p>
        <p>
          You can read how we look after the child’s data on our <Link to="/privacy">privacy page</Link>.
        </p>
      </section>
    );
  }

  return (
    <section className="page page--narrow" aria-labelledby="guardian-confirm-title">
      <header className="page__header">
        <h1 id="guardian-confirm-title">{childName ? `Confirm ${childName}’s account` : 'Confirm your child’s account'}</h1>
        <p className="page__lead">
          {childName ?? 'A child under 18'} named you as their parent or guardian when they signed up. Their account cannot pay, send forms or appear in the
          talent directory until you confirm here. Enter the 6-digit code from the email we sent you.
        </p>
      </header>
      {!child && (
        <p className="form__error" role="alert">
          This link is not complete. Please open the link from the email again.
        </p>
      )}
      <form className="form card" noValidate onSubmit={(event) => void onSubmit(event)}>
        <TextField label="Code from the email" inputMode="numeric" autoComplete="one-time-code" {...register('code')} error={errors.code?.message} />
        <div className="guardian-confirm__choices">
          <CheckboxField label={CONSENT_TEXTS.guardian.text} {...register('agree')} error={errors.agree?.message} />
          <CheckboxField
            label={`${CONSENT_TEXTS['guardian-publication'].text} (optional)`}
            {...register('allowPublication')}
            error={errors.allowPublication?.message}
          />
          <CheckboxField label={`${CONSENT_TEXTS['guardian-age-band'].text} (optional)`} {...register('allowAgeBand')} error={errors.allowAgeBand?.message} />
        </div>
        <p className="muted">
          What the company keeps and why is on our <Link to="/privacy">privacy page</Link>. You can change these choices later: ask the child to send you a new
          code from their privacy page.
        </p>
        <div>
          <button type="submit" className="button button--primary" disabled={confirm.isPending || !child}>
            {confirm.isPending && <ButtonSpinner />} Confirm
          </button>
        </div>
      </form>
    </section>
  );
}
