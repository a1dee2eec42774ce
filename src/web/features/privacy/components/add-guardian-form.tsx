import { useForm } from 'react-hook-form';
import type { GuardianAddInput } from '../../../../shared/privacy';
import { useFlash } from '../../../components/flash-context';
import { GuardianInputs } from '../../../components/guardian-inputs';
import { ButtonSpinner } from '../../../components/spinner';
import { showFieldErrors } from '../../../lib/field-errors';
import { useAddGuardian } from '../api/privacy';

const FIELDS: (keyof GuardianAddInput)[] = ['guardianName', 'guardianRelationship', 'guardianEmail', 'guardianPhone'];

/** A member under 18 who signed up before guardians were asked names one here; they are emailed a code, as at sign-up. */
export function AddGuardianForm() {
  const add = useAddGuardian();
  const flash = useFlash();
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<GuardianAddInput>({ defaultValues: { guardianName: '', guardianRelationship: '', guardianEmail: '', guardianPhone: '' } });

  const onSubmit = handleSubmit((values) =>
    add.mutate(values, {
      onSuccess: (answer) => flash.showSuccess(answer.message),
      onError: (error) => {
        if (!showFieldErrors(error, setError, FIELDS)) flash.showError(error.message);
      },
    }),
  );

  return (
    <section className="card privacy__section" aria-labelledby="guardian-title">
      <h2 id="guardian-title">Your parent or guardian</h2>
      <p>
        You are under 18, so a parent or guardian must agree before you can pay, send forms or publish a talent profile. Tell us who they are and we will email
        them a code to confirm your account.
      </p>
      <form className="form form--grid" onSubmit={onSubmit} noValidate aria-labelledby="guardian-title">
        <GuardianInputs register={register} errors={errors} />
        <div className="form__full">
          <button type="submit" className="button button--primary" disabled={add.isPending}>
            {add.isPending && <ButtonSpinner />} Email them the code
          </button>
        </div>
      </form>
    </section>
  );
}
