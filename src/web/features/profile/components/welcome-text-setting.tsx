import { type FormEvent, useState } from 'react';
import { WELCOME_TEXT_MAX } from '../../../../shared/schemas/recognition';
import { useFlash } from '../../../components/flash-context';
import { TextAreaField } from '../../../components/form-field';
import { QueryView } from '../../../components/query-view';
import { ButtonSpinner } from '../../../components/spinner';
import { useSaveWelcomeText, useWelcomeText } from '../api/welcome-text';

/** The welcome every member's dashboard opens with (admins, with the other settings). */
export function WelcomeTextSetting() {
  const welcome = useWelcomeText();
  return <QueryView query={welcome}>{(text) => <WelcomeTextForm initial={text ?? ''} />}</QueryView>;
}

function WelcomeTextForm({ initial }: { initial: string }) {
  const save = useSaveWelcomeText();
  const flash = useFlash();
  const [text, setText] = useState(initial);
  const [error, setError] = useState<string>();
  function submit(event: FormEvent) {
    event.preventDefault();
    setError(undefined);
    save.mutate(text, { onSuccess: ({ message }) => flash.showSuccess(message), onError: (failure) => setError(failure.message) });
  }
  return (
    <form className="card admin__stack-form" onSubmit={submit} aria-label="Dashboard welcome text" noValidate>
      <h3>Dashboard welcome text</h3>
      <TextAreaField
        label="Shown to every member at the top of their dashboard"
        name="welcome"
        rows={4}
        maxLength={WELCOME_TEXT_MAX}
        value={text}
        onChange={(e) => setText(e.target.value)}
        required
        error={error}
      />
      <button type="submit" className="button button--primary" disabled={save.isPending}>
        {save.isPending && <ButtonSpinner />} Save welcome text
      </button>
    </form>
  );
}
