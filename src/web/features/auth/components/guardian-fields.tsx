import type { FieldErrors, UseFormRegister } from 'react-hook-form';
import { GuardianInputs } from '../../../components/guardian-inputs';
import type { SignupValues } from './signup-values';

interface GuardianFieldsProps {
  register: UseFormRegister<SignupValues>;
  errors: FieldErrors<SignupValues>;
}

/** Shown on the sign-up form when the date of birth is under 18: the person who must confirm the account. */
export function GuardianFields({ register, errors }: GuardianFieldsProps) {
  return (
    <fieldset className="form__full signup-guardian">
      <legend>Your parent or guardian</legend>
      <p className="signup-guardian__why">
        You are under 18, so a parent or guardian must agree before you can use your account. We will email them a code. Until they enter it, you can sign in
        but cannot pay, send forms or publish a talent profile.
      </p>
      <div className="form--grid signup-guardian__fields">
        <GuardianInputs register={register} errors={errors} />
      </div>
    </fieldset>
  );
}
