import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { ApiError } from './api';

/**
 * Shows each per-field message of a refused request next to its field, for the fields the form
 * has. Returns whether any was shown: when none was, the message belongs at the top of the form.
 */
export function showFieldErrors<T extends FieldValues>(error: Error, setError: UseFormSetError<T>, fields: readonly Path<T>[]): boolean {
  if (!(error instanceof ApiError) || !error.fields) return false;
  const onTheForm = error.fields.filter(({ field }) => (fields as readonly string[]).includes(field));
  for (const { field, message } of onTheForm) setError(field as Path<T>, { message });
  return onTheForm.length > 0;
}

/**
 * A refusal's messages by field (the first part of a nested field's path), with anything not
 * about one field under `form`: for a form kept in plain state rather than react-hook-form.
 */
export function fieldErrors(failure: Error): Record<string, string> {
  const fields = failure instanceof ApiError && failure.fields ? Object.fromEntries(failure.fields.map((f) => [f.field.split('.')[0]!, f.message])) : {};
  return Object.keys(fields).length > 0 ? fields : { form: failure.message };
}
