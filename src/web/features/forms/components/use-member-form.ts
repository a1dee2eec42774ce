import { type FormEvent, useCallback, useEffect, useState } from 'react';
import { type DefaultValues, type FieldErrors, type FieldValues, type Path, useForm } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { FORM_DEFINITIONS, type FormFile } from '../../../../shared/form-definitions';
import { type FormKind } from '../../../../shared/form-routes';
import { useFlash } from '../../../components/flash-context';
import type { ApiError } from '../../../lib/api';
import { useDrawnSeed } from '../../../lib/drawn-seeds';
import { useFormDraft } from '../../../lib/form-draft';
import { lazyZodResolver } from '../../../lib/lazy-zod-resolver';
import { uploadRefusal } from '../../../lib/prepare-upload';
import { useSubmitForm } from '../api/submit-form';

/** The forms' schemas (one file for all six), fetched on the first focus in a form (FormShell) or at the first check. */
export const loadFormSchemas = () => import('../../../../shared/schemas/forms');

/** A form drawn by the server to work before its code: where it posts, and what its plain post carries (decision 023). */
export interface FormPost {
  action: string;
  csrfToken: string;
  idempotencyKey: string;
}

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
 *
 * A form the server drew (decision 023) also works before its code: it posts as a plain form, and
 * comes back drawn with the server's refusal and what was sent. Its fields carry their values in
 * the HTML (`field`, `choice`), and what the member typed before the code arrived is read from
 * the page before react-hook-form sets its fields, so nothing typed is lost when the code takes over.
 */
export function useMemberForm<T extends FieldValues>(kind: FormKind, defaultValues: DefaultValues<T>, options: MemberFormOptions = {}) {
  const definition = FORM_DEFINITIONS[kind];
  const flash = useFlash();
  const navigate = useNavigate();
  const formPost = useDrawnSeed('formPost');
  const returned = useDrawnSeed('formReturn');
  // What the drawn page shows: the same on the server and in the hydration that takes it over.
  const [drawnValues] = useState(() => ({ ...defaultValues, ...returned?.values }) as Record<string, unknown>);
  const [startValues] = useState(() => ({ ...drawnValues, ...typedBeforeCode(kind, drawnValues) }));
  const typedBeforeTakeOver = JSON.stringify(startValues) !== JSON.stringify(drawnValues);
  // raw: the page sends what the member typed; the server parses it with the same schema.
  const [checks] = useState(() => lazyZodResolver<T>(() => loadFormSchemas().then((m) => m.FORM_SCHEMAS[kind]), { raw: true }));
  const form = useForm<T>({
    resolver: checks.resolver,
    defaultValues: startValues as DefaultValues<T>,
    mode: 'onTouched',
  });
  // The plain post's refusal names fields: shown as drawn, then handed to react-hook-form, which clears each once it is put right.
  const [drawnErrors, setDrawnErrors] = useState(() => returned?.errors ?? {});
  useEffect(() => {
    for (const [field, message] of Object.entries(drawnErrors)) form.setError(field as Path<T>, { type: 'server', message });
    setDrawnErrors({});
    // Once, when the code takes the drawn page over.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  const errors = { ...fieldErrorsOf(drawnErrors), ...form.formState.errors } as FieldErrors<T>;
  const [files, setFiles] = useState<Record<string, File>>({});
  const [fileErrors, setFileErrors] = useState<Record<string, string>>({});
  const submit = useSubmitForm(kind);
  // A refused plain post, or what was typed before the code came, is newer than a draft on the device.
  const draft = useFormDraft(form, `form:${kind}`, { restore: !returned && !typedBeforeTakeOver });

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

  const post: FormPost | undefined = formPost && { action: definition.page, ...formPost };
  return {
    form,
    /** Each field's message: the page's checks, the server's refusal (also of a plain post). */
    errors,
    /** A text field or list's registration with its value in the drawn HTML. */
    field: (name: Path<T>) => ({ ...form.register(name), defaultValue: drawnValues[name] as string | undefined }),
    /** A choice group's registration and the choice ticked in the drawn HTML. */
    choice: (name: Path<T>) => ({ registration: form.register(name), defaultValue: drawnValues[name] as string | undefined }),
    definition,
    files,
    fileErrors,
    setFile,
    checkFields,
    /** What FormShell needs: the submit, where the submission is, and a word about a restored draft. */
    shell: {
      formKind: kind,
      onSubmit,
      submission: submit.view,
      draftNote: draft.restored ? draftNote(definition.files.length > 0) : null,
      post,
      refusal: returned?.message,
    },
  };
}

/**
 * What the member typed or chose in the drawn form before the page's code took it over (the
 * browser keeps it in the fields while React hydrates): none on the server or a page the browser drew.
 */
function typedBeforeCode(kind: FormKind, drawn: Record<string, unknown>): Record<string, unknown> {
  if (typeof document === 'undefined') return {};
  const form = document.querySelector<HTMLFormElement>(`form[data-form="${kind}"]`);
  if (!form) return {};
  const sent = new FormData(form);
  return Object.fromEntries(
    Object.keys(drawn)
      .filter((name) => form.elements.namedItem(name))
      .map((name) => [name, Array.isArray(drawn[name]) ? sent.getAll(name).map(String) : String(sent.get(name) ?? '')]),
  );
}

function fieldErrorsOf(messages: Record<string, string>): Record<string, { type: string; message: string }> {
  return Object.fromEntries(Object.entries(messages).map(([field, message]) => [field, { type: 'server', message }]));
}

function draftNote(hasFiles: boolean): string {
  return `We kept what you typed on this device.${hasFiles ? ' Files are not kept: choose them again before you send.' : ''}`;
}

export type MemberFormController = ReturnType<typeof useMemberForm>;
