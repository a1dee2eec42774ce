import type { FieldError, FieldErrors, FieldValues, Resolver } from 'react-hook-form';
import { FAILURE } from '../../../../shared/messages';

interface NewPassword extends FieldValues {
  password: string;
  confirmPassword: string;
}

const MISMATCH: FieldError = { type: 'mismatch', message: FAILURE.passwordsDoNotMatch };

/** The schemas compare the passwords only once every other field is valid; this says it at once. */
export function matchingPasswords<T extends NewPassword>(resolver: Resolver<T>): Resolver<T> {
  return async (values, context, options) => {
    const result = await resolver(values, context, options);
    if (values.password === values.confirmPassword || 'confirmPassword' in result.errors) return result;
    return { values: {}, errors: { ...result.errors, confirmPassword: MISMATCH } as FieldErrors<T> };
  };
}
