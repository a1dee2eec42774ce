import type { FieldErrors, UseFormRegister } from 'react-hook-form';
import { TextField } from '../../../components/form-field';
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
        You are under 18, so a parent or guardian must agree before you can use your account. We will email them a code. Until they enter
        it, you can sign in but cannot pay, send forms or publish a talent profile.
      </p>
      <div className="form--grid signup-guardian__fields">
        <TextField label="Their full name" autoComplete="off" {...register('guardianName')} error={errors.guardianName?.message} />
        <TextField
          label="How they are related to you"
          hint="For example mother, father, aunt, legal guardian"
          autoComplete="off"
          {...register('guardianRelationship')}
          error={errors.guardianRelationship?.message}
        />
        <TextField
          label="Their email"
          type="email"
          hint="Their own email, not yours"
          autoComplete="off"
          {...register('guardianEmail')}
          error={errors.guardianEmail?.message}
        />
        <TextField label="Their phone" type="tel" autoComplete="off" {...register('guardianPhone')} error={errors.guardianPhone?.message} />
      </div>
    </fieldset>
  );
}
