import type { UseFormRegisterReturn } from 'react-hook-form';
import { TextField } from '../../../components/form-field';

interface Props {
  /** What the page calls the new password: "Password" at sign-up, "New password" on a reset. */
  label: string;
  password: UseFormRegisterReturn;
  confirm: UseFormRegisterReturn;
  errors: { password?: string; confirm?: string };
}

/** A new password and its confirmation, checked together by `matchingPasswords`. */
export function NewPasswordFields({ label, password, confirm, errors }: Props) {
  return (
    <>
      <TextField label={label} type="password" autoComplete="new-password" hint="At least 8 characters" {...password} error={errors.password} />
      <TextField label={`Confirm ${label.toLowerCase()}`} type="password" autoComplete="new-password" {...confirm} error={errors.confirm} />
    </>
  );
}
