import { FORM_DEFINITIONS } from '../../../../shared/form-definitions';
import { type FormKind } from '../../../../shared/form-routes';
import { api } from '../../../lib/api';
import { prepareUploads } from '../../../lib/prepare-upload';
import { useSubmission } from '../../../lib/submission';

export interface FormSubmission {
  values: Record<string, unknown>;
  files: Record<string, File>;
}

/**
 * Multipart carries text only: a list travels as a JSON array (the shared `optionalList` reads it)
 * and a blank field is left out, which the shared schemas read as "not given".
 */
function toFormData({ values, files }: FormSubmission): FormData {
  const form = new FormData();
  for (const [key, value] of Object.entries(values)) {
    if (value === undefined || value === null || value === '') continue;
    if (Array.isArray(value)) {
      if (value.length > 0) form.append(key, JSON.stringify(value));
    } else form.append(key, String(value as string | number | boolean));
  }
  for (const [field, file] of Object.entries(files)) form.append(field, file);
  return form;
}

/** Posts one of the six forms where its shared definition says, as JSON or multipart. */
export function useSubmitForm(kind: FormKind) {
  const definition = FORM_DEFINITIONS[kind];
  return useSubmission(async (submission: FormSubmission, { idempotencyKey, onProgress, onPreparing }) =>
    definition.encoding === 'json'
      ? api.post<{ message?: string }>(definition.endpoint, { json: submission.values, fallback: definition.failure, idempotencyKey })
      : api.post<{ message?: string }>(definition.endpoint, {
          form: await prepareUploads(toFormData(submission), {}, onPreparing),
          onProgress,
          fallback: definition.failure,
          idempotencyKey,
        }),
  );
}
