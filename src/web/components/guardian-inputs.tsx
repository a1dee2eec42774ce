import type { FieldErrors, FieldValues, Path, UseFormRegister } from 'react-hook-form';
import type { GuardianAddInput } from '../../shared/privacy';
import { TextField } from './form-field';

interface GuardianInputsProps<T extends FieldValues & Partial<GuardianAddInput>> {
  register: UseFormRegister<T>;
  errors: FieldErrors<T>;
}

/** The four questions about a child's parent or guardian: on the sign-up form and when a guardian is named later. */
export function GuardianInputs<T extends FieldValues & Partial<GuardianAddInput>>({ register, errors }: GuardianInputsProps<T>) {
  // The form's own type holds these four fields; react-hook-form cannot see that through the generic.
  const field = (name: keyof GuardianAddInput) => register(name as Path<T>);
  const errorOf = (name: keyof GuardianAddInput) => (errors as FieldErrors<GuardianAddInput>)[name]?.message;
  return (
    <>
      <TextField label="Their full name" autoComplete="off" {...field('guardianName')} error={errorOf('guardianName')} />
      <TextField
        label="How they are related to you"
        hint="For example mother, father, aunt, legal guardian"
        autoComplete="off"
        {...field('guardianRelationship')}
        error={errorOf('guardianRelationship')}
      />
      <TextField
        label="Their email"
        type="email"
        hint="Their own email, not yours"
        autoComplete="off"
        {...field('guardianEmail')}
        error={errorOf('guardianEmail')}
      />
      <TextField label="Their phone" type="tel" autoComplete="off" {...field('guardianPhone')} error={errorOf('guardianPhone')} />
    </>
  );
}
