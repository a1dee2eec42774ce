import { Link } from 'react-router';
import { displayDate } from '../../../../shared/display-date';
import { todayInLagos } from '../../../../shared/dates';
import { isChildOn } from '../../../../shared/ages';
import { type AccessLogEntry, type GuardianView, MARKETING_FROM_18 } from '../../../../shared/privacy';
import type { StaffRole } from '../../../../shared/roles';
import { useFlash } from '../../../components/flash-context';
import { QueryView } from '../../../components/query-view';
import { ButtonSpinner } from '../../../components/spinner';
import { useSession } from '../../../lib/session';
import { useGuardian, useResendGuardianCode } from '../../../lib/guardian';
import { EXPORT_URL, useAccessLog, useConsents, useSetMarketing } from '../api/privacy';
import { AddGuardianForm } from './add-guardian-form';
import './privacy.css';

/** Staff are shown to members by what they do, never by name. */
const ROLE_WORDS: Record<StaffRole, string> = {
  admin: 'An administrator',
  finance: 'Finance staff (they check payments)',
  moderator: 'A moderator (they check forms, adverts and talent profiles)',
};

const day = (iso: string) => displayDate(iso.slice(0, 10));

/** /profile/privacy: the member's copy of their data, their marketing choice, who looked at their documents, and their guardian. */
export function PrivacySettingsPage() {
  return (
    <section className="page page--narrow privacy" aria-labelledby="privacy-settings-title">
      <header className="page__header">
        <h1 id="privacy-settings-title">Your privacy</h1>
        <p className="page__lead">
          Your data is yours. Here you can take a copy of it, choose what emails you get, and see who at the company opened your documents. How we look after it
          is explained on our <Link to="/privacy">privacy page</Link>.
        </p>
      </header>
      <GuardianSection />
      <DownloadSection />
      <MarketingSection />
      <AccessLogSection />
    </section>
  );
}

function DownloadSection() {
  return (
    <section className="card privacy__section" aria-labelledby="download-title">
      <h2 id="download-title">Download my data</h2>
      <p>
        One ZIP file with everything we hold about you: your profile, membership and payments, the forms you sent with their files, your talent profile and
        photos, booking requests, notifications, your consents, messages you sent us, and the records of what was done with your account. You can keep it or
        take it to another service.
      </p>
      <a className="button button--primary" href={EXPORT_URL} download>
        Download my data
      </a>
    </section>
  );
}

function MarketingSection() {
  const { user } = useSession();
  const child = Boolean(user?.dob && isChildOn(user.dob, todayInLagos()));
  const consents = useConsents();
  const setMarketing = useSetMarketing();
  const flash = useFlash();
  const choose = (marketing: boolean) =>
    setMarketing.mutate(marketing, { onSuccess: (answer) => flash.showSuccess(answer.message), onError: (error) => flash.showError(error.message) });
  return (
    <section className="card privacy__section" aria-labelledby="marketing-title">
      <h2 id="marketing-title">Marketing emails</h2>
      <QueryView query={consents}>
        {(data) => (
          <>
            <p>
              {data.marketing
                ? 'You get our news, offers and event announcements by email. You can stop them at any time.'
                : 'You do not get our news and offers by email. Emails about your account (codes, payments, bookings) still come.'}
            </p>
            {child && !data.marketing ? (
              <p className="muted">{MARKETING_FROM_18}</p>
            ) : (
              <button type="button" className="button button--ghost" disabled={setMarketing.isPending} onClick={() => choose(!data.marketing)}>
                {setMarketing.isPending && <ButtonSpinner />} {data.marketing ? 'Stop marketing emails' : 'Send me marketing emails'}
              </button>
            )}
            {setMarketing.isError && (
              <p className="form__error" role="alert">
                {setMarketing.error.message}
              </p>
            )}
            <details className="privacy__history">
              <summary>What you agreed to, and when</summary>
              <ul>
                {data.history.map((consent, index) => (
                  <li key={index}>
                    {day(consent.at)}: {consent.given ? 'agreed to' : 'withdrew'} {consent.kind.replace(/-/g, ' ')} ({consent.givenBy}, wording{' '}
                    {consent.textVersion})
                  </li>
                ))}
              </ul>
            </details>
          </>
        )}
      </QueryView>
    </section>
  );
}

function AccessLogSection() {
  const log = useAccessLog();
  return (
    <section className="card privacy__section" aria-labelledby="access-title">
      <h2 id="access-title">Who looked at my documents</h2>
      <p>Each time someone at the company opens one of your private files (payment slips, form uploads, photos), it is listed here.</p>
      <QueryView query={log} isEmpty={(data) => data.entries.length === 0} empty={<p className="muted">Nobody at the company has opened your documents.</p>}>
        {(data) => <AccessList entries={data.entries} />}
      </QueryView>
    </section>
  );
}

function AccessList({ entries }: { entries: AccessLogEntry[] }) {
  return (
    <ul className="privacy__access">
      {entries.map((entry, index) => (
        <li key={index}>
          <strong>{day(entry.at)}</strong>: {ROLE_WORDS[entry.role] ?? 'Staff'} opened your {entry.file.toLowerCase()}
          {entry.reason && <span className="muted"> (reason given: {entry.reason})</span>}
        </li>
      ))}
    </ul>
  );
}

function GuardianSection() {
  const guardian = useGuardian();
  if (guardian.data?.needsGuardian) return <AddGuardianForm />;
  if (!guardian.data?.guardian) return null;
  return <GuardianCard guardian={guardian.data.guardian} />;
}

function GuardianCard({ guardian }: { guardian: GuardianView }) {
  const resend = useResendGuardianCode();
  const flash = useFlash();
  const send = () => resend.mutate(undefined, { onSuccess: (answer) => flash.showSuccess(answer.message), onError: (error) => flash.showError(error.message) });
  return (
    <section className="card privacy__section" aria-labelledby="guardian-title">
      <h2 id="guardian-title">Your parent or guardian</h2>
      {guardian.state === 'waiting' ? (
        <p>
          You are under 18, so {guardian.name} ({guardian.relationship.toLowerCase()}) must confirm your account first. We emailed them a code at{' '}
          <strong>{guardian.email}</strong>. Until they enter it you cannot pay, send forms or publish a talent profile.
        </p>
      ) : (
        <p>
          {guardian.name} confirmed your account{guardian.confirmedAt ? ` on ${day(guardian.confirmedAt)}` : ''}.{' '}
          {guardian.allowsPublication ? 'They allowed your talent profile to be public' : 'They did not allow your talent profile to be public'}
          {guardian.allowsPublication && (guardian.allowsAgeBand ? ', with an age band (never your age).' : ', without your age.')}
          {!guardian.allowsPublication && '.'} Booking requests for you also go to them. When you turn 18 this ends and your account is yours alone.
        </p>
      )}
      <button type="button" className="button button--ghost" disabled={resend.isPending} onClick={send}>
        {resend.isPending && <ButtonSpinner />} Send {guardian.name} a new code
      </button>
      {resend.isError && (
        <p className="form__error" role="alert">
          {resend.error.message}
        </p>
      )}
    </section>
  );
}
