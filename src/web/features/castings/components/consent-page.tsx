import { type FormEvent, useState } from 'react';
import { useSearchParams } from 'react-router';
import { FormError } from '../../../components/form-error';
import { TextField } from '../../../components/form-field';
import { ButtonSpinner } from '../../../components/spinner';
import { useAnswerConsent } from '../api/castings';
import './castings.css';

/** /castings/consent?application=…: a child's parent or guardian agrees (or not) to a casting application, with the code from their email. */
export function CastingConsentPage() {
  const [params] = useSearchParams();
  const application = params.get('application') ?? '';
  const answer = useAnswerConsent();
  const [code, setCode] = useState('');
  const [done, setDone] = useState<string | null>(null);

  function send(agree: boolean) {
    return (event: FormEvent) => {
      event.preventDefault();
      answer.mutate({ application, code: code.trim(), agree }, { onSuccess: (result) => setDone(result.message) });
    };
  }

  if (done) {
    return (
      <section className="page page--narrow">
        <h1>Thank you</h1>
        <p role="status">{done}</p>
      </section>
    );
  }
  return (
    <section className="page page--narrow" aria-labelledby="casting-consent-title">
      <header className="page__header">
        <h1 id="casting-consent-title">A casting application needs you</h1>
        <p className="page__lead">
          A child under 18 whose parent or guardian you are wants to apply for a casting; the email we sent you says which. Their application goes to our staff
          only if you agree. Enter the 6-digit code from that email.
        </p>
      </header>
      {!application && (
        <p className="form__error" role="alert">
          This link is not complete. Please open the link from the email again.
        </p>
      )}
      <form className="form card" onSubmit={send(true)}>
        <TextField
          label="Code from the email"
          name="code"
          inputMode="numeric"
          autoComplete="one-time-code"
          value={code}
          onChange={(e) => setCode(e.target.value)}
        />
        <FormError message={answer.error?.message} />
        <div className="castings__buttons">
          <button type="submit" className="button button--primary" disabled={answer.isPending}>
            {answer.isPending && <ButtonSpinner />} I agree: send the application
          </button>
          <button type="button" className="button button--ghost" disabled={answer.isPending} onClick={send(false)}>
            I do not agree
          </button>
        </div>
      </form>
    </section>
  );
}
