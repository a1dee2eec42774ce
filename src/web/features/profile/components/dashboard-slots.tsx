import { Link } from 'react-router';
import { FORM_DEFINITIONS, FORM_KINDS, type FormKind } from '../../../../shared/form-definitions';

/** The rule the server and the router apply: a form for any member, or one for activated members only. */
const opensFor = (kind: FormKind, status: boolean) => status || FORM_DEFINITIONS[kind].access === 'user';

/** The six forms; most open once the fee is paid and the profile activated. */
export function ProfileFormsSlot({ status }: { status: boolean }) {
  return (
    <section id="forms" className="dashboard__section" aria-labelledby="forms-title">
      <h2 id="forms-title" className="section-title">
        Forms
      </h2>
      {!status && (
        <p className="muted">
          The locked forms open once your membership fee is paid and your profile activated: <Link to="/user/fees">pay the fee</Link>.
        </p>
      )}
      <ul className="cards">
        {FORM_KINDS.map((form) => (
          <li key={form.value} className="card" aria-label={form.label}>
            <h3 className="card__title">{form.label}</h3>
            {opensFor(form.value, status) ? (
              <Link className="button button--primary" to={FORM_DEFINITIONS[form.value].page}>
                Go to Form
              </Link>
            ) : (
              <button type="button" className="button button--ghost" disabled>
                Go to Fees Page
              </button>
            )}
          </li>
        ))}
      </ul>
    </section>
  );
}
