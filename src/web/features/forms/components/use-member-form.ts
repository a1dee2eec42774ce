import { type FormEvent, useCallback, useState } from 'react';
import { type DefaultValues, type FieldValues, type Path, useForm } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { FORM_DEFINITIONS, type FormFile, type FormKind } from '../../../../shared/form-definitions';
import { useFlash } from '../../../components/flash-context';
import type { ApiError } from '../../../lib/api';
import { useFormDraft } from '../../../lib/form-draft';
import { lazyZodResolver } from '../../../lib/lazy-zod-resolver';
import { uploadRefusal } from '../../../lib/prepare-upload';
import { useSubmitForm } from '../api/submit-form';

/** The forms' schemas (one file for all six), fetched on the first focus in a form (FormShell) or at the first check. */
export const loadFormSchemas = () => import('../../../../shared/schemas/forms');

export interface MemberFormOptions {
  /** Told which fields failed (the page's checks or the server's), so a form in sections can show the first of them. */
  onErrorFields?: (fields: string[]) => void;
}

/**
 * The one way a member form is filled in and sent: the form's shared schema validates the page
 * exactly as the server will, its shared definition says where and how it is posted, the files
 * it lists are required, what is typed is kept on the device until it is sent (lib/form-draft.ts),
 * and the answer is toasted (success goes on to /profile; a failure keeps
 * the member on the form with everything typed and chosen still there).
 */
export function useMemberForm<T extends FieldValues>(kind: FormKind, defaultValues: DefaultValues<T>, options: MemberFormOptions = {}) {
  const definition = FORM_DEFINITIONS[kind];
  const flash = useFlash();
  const navigate = useNavigate();
  // raw: the page sends what the member typed; the server parses it with the same schema.
  const [checks] = useState(() => lazyZodResolver<T>(() => loadFormSchemas().then((m) => m.FORM_SCHEMAS[kind]), { raw: true }));
  const form = useForm<T>({
    resolver: checks.resolver,
    defaultValues,
    mode: 'onTouched',
  });
  const [files, setFiles] = useState<Record<string, File>>({});
  const [fileErrors, setFileErrors] = useState<Record<string, string>>({});
  const submit = useSubmitForm(kind);
  const draft = useFormDraft(form, `form:${kind}`);

  // A file over the server's limit is refused here, before it costs the member mobile data.
  const setFile = useCallback(
    (field: string, file: File | null) => {
      const label = definition.files.find((f) => f.field === field)?.label ?? field;
      const refusal = file && uploadRefusal(file, label);
      setFiles(({ [field]: _old, ...rest }) => (file && !refusal ? { ...rest, [field]: file } : rest));
      setFileErrors(({ [field]: _old, ...rest }) => (refusal ? { ...rest, [field]: refusal } : rest));
    },
    [definition],
  );

  const missingFiles = (among: readonly FormFile[] = definition.files): Record<string, string> =>
    Object.fromEntries(among.filter((file) => !files[file.field]).map((file) => [file.field, `${file.label} is required`]));

  /** Checks some of the fields (a section of a long form) as the whole form will be checked on sending. */
  const checkFields = async (names: readonly string[]): Promise<boolean> => {
    const fileNames = new Set(definition.files.map((file) => file.field));
    const missing = missingFiles(definition.files.filter((file) => names.includes(file.field)));
    setFileErrors((old) => ({ ...old, ...missing }));
    const textNames = names.filter((name) => !fileNames.has(name)) as Path<T>[];
    const valid = textNames.length === 0 || (await form.trigger(textNames, { shouldFocus: true }));
    // Touched, so each message goes as soon as its field is put right, not on the tap on Next
    // (a message vanishing under the finger moves the button away from it).
    if (!valid) for (const name of textNames) form.setValue(name, form.getValues(name), { shouldTouch: true });
    return valid && Object.keys(missing).length === 0;
  };

  const answers = {
    onSuccess: (data: { message?: string }) => {
      draft.clear();
      flash.showSuccess(data.message || definition.success);
      void navigate('/profile');
    },
    onError: (error: ApiError) => {
      flash.showError(error.message);
      for (const issue of error.fields ?? []) {
        if (definition.files.some((file) => file.field === issue.field)) setFileErrors((old) => ({ ...old, [issue.field]: issue.message }));
        else form.setError(issue.field as Path<T>, { message: issue.message });
      }
      if (error.fields?.length) options.onErrorFields?.(error.fields.map((issue) => issue.field));
    },
  };

  const onSubmit = (event: FormEvent) => {
    const missing = missingFiles();
    setFileErrors(missing);
    const send = form.handleSubmit(
      (values) => {
        if (Object.keys(missing).length > 0) {
          options.onErrorFields?.(Object.keys(missing));
          return;
        }
        submit.submit({ values, files }, answers);
      },
      (errors) => options.onErrorFields?.([...Object.keys(errors), ...Object.keys(missing)]),
    );
    return send(event);
  };

  return {
    form,
    definition,
    files,
    fileErrors,
    setFile,
    checkFields,
    /** What FormShell needs: the submit, where the submission is, and a word about a restored draft. */
    shell: { onSubmit, submission: submit.view, draftNote: draft.restored ? draftNote(definition.files.length > 0) : null },
  };
}

function draftNote(hasFiles: boolean): string {
  return `We kept what you typed on this device.${hasFiles ? ' Files are not kept: choose them again before you send.' : ''}`;
}

export type MemberFormController = ReturnType<typeof useMemberForm>;
