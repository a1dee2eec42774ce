import { ApiError } from '../../../lib/api';

/** A refusal's messages by field, with anything not about one field under `form`. */
export function fieldErrors(failure: Error): Record<string, string> {
  const fields = failure instanceof ApiError && failure.fields ? Object.fromEntries(failure.fields.map((f) => [f.field.split('.')[0]!, f.message])) : {};
  return Object.keys(fields).length > 0 ? fields : { form: failure.message };
}
