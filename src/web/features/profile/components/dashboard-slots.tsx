import { Link } from 'react-router';
import { FORM_DEFINITIONS } from '../../../../shared/form-definitions';
import { FORM_KINDS, type FormKind } from '../../../../shared/form-routes';

/** The rule the server and the router apply: a form for any member, or one for activated members only. */
const opensFor = (kind: FormKind, status: boolean) => status || FORM_DEFINITIONS[kind].access === 'user';

/** The six forms; most open once the fee is paid and the profile activated. */
/** `renew`: a member activated before whose membership lapsed (or was suspended): the fees page renews it. */
export function ProfileFormsSlot({ status, renew, guardianWaiting }: { status: boolean; renew: boolean; guardianWaiting: boolean }) {
  return (
    <section id="forms" className="dashboard__section" aria-labelledby="forms-title">
      <h2 id="forms-title" className="section-title">
        Forms
      </h2>
      {renew && (
        <p className="dashboard__renew" role="status">
          Your membership has lapsed. <Link to="/user/fees">Renew it</Link> to open the member forms again.
        </p>
      )}
      {guardianWaiting && (
        <p className="muted">The locked forms open once your parent or guardian has confirmed your account and your membership fee is paid.</p>
      )}
      {!status && !renew && !guardianWaiting && (
        <p className="muted">
          The locked forms open once your membership fee is paid and your profile activated: <Link to="/user/fees">pay the fee</Link>.
        </p>
      )}
      <ul className="cards">
        {FORM_KINDS.map((form) => (
          <li key={form.value} className="card dashboard__form" aria-label={form.label}>
            <h3 className="card__title">{form.label}</h3>
            <p className="card__purpose">{FORM_DEFINITIONS[form.value].purpose}</p>
            {opensFor(form.value, status) ? (
              <Link className="button button--primary" to={FORM_DEFINITIONS[form.value].page}>
                Go to Form
              </Link>
            ) : renew ? (
              <Link className="button button--primary" to="/user/fees">
                Renew
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
