import { Link, useNavigate } from 'react-router';
import { AD_WEEKLY_FEE_KOBO, MAX_MEMBER_AGE, MIN_MEMBER_AGE } from '../../../../shared/constants';
import { formatNaira } from '../../../../shared/money';
import { useSite } from '../../../lib/site';
import { useHydrated } from '../../../lib/hydrated';
import { TableScroll } from '../../../components/table-scroll';
import './site.css';

const FINES = [
  { offence: 'Arriving late', amount: '₦3,000' },
  { offence: 'Leaving a meeting, rehearsal or set early', amount: '₦5,000' },
  { offence: 'Missing a meeting', amount: '₦20,000' },
  { offence: 'Missing a company event', amount: '₦100,000' },
  { offence: 'Termination of membership for misconduct', amount: '₦500,000' },
];

const LEVELS = [
  { level: 'Levels 1 to 3', scripts: 'Printed in the company lab', payment: 'Level 3: instant payment for roles', costumes: 'Provided on set' },
  { level: 'Levels 4 and 5', scripts: 'Sent as PDF', payment: 'Instant payment for roles', costumes: 'Members bring their own' },
];

export function TermsPage() {
  const navigate = useNavigate();
  const { data: site } = useSite();
  const hydrated = useHydrated();
  // React Router numbers history entries; with none before this page, "back" would leave the site.
  const goBack = () => void ((window.history.state as { idx?: number } | null)?.idx ? navigate(-1) : navigate('/'));
  return (
    <article className="page terms">
      <header className="page__header">
        <button type="button" className="button button--ghost terms__back" disabled={!hydrated} onClick={goBack}>
          ← Back
        </button>
        <h1>Terms and conditions</h1>
        <p className="page__lead">Please read these terms before you register. By creating an account you agree to them and to our privacy policy.</p>
      </header>

      <nav className="terms__toc" aria-label="Contents">
        <h2 className="terms__toc-title">Contents</h2>
        <ol>
          <li>
            <a href="#eligibility">Eligibility</a>
          </li>
          <li>
            <a href="#fees">Fees and payment</a>
          </li>
          <li>
            <a href="#levels">Membership levels</a>
          </li>
          <li>
            <a href="#schedule">Meetings, casting and training</a>
          </li>
          <li>
            <a href="#conduct">Conduct and fines</a>
          </li>
          <li>
            <a href="#events">Annual events</a>
          </li>
          <li>
            <a href="#privacy">Privacy and your account</a>
          </li>
        </ol>
      </nav>

      <section id="eligibility" aria-labelledby="eligibility-title">
        <h2 id="eligibility-title">1. Eligibility</h2>
        <p>
          Anyone aged {MIN_MEMBER_AGE} to {MAX_MEMBER_AGE} years may register. Members under 18 register with the consent of a parent or guardian, who accepts
          these terms on their behalf.
        </p>
      </section>

      <section id="fees" aria-labelledby="fees-title">
        <h2 id="fees-title">2. Fees and payment</h2>
        <ul>
          <li>
            The membership fee is the monthly price of your plan, as listed on the <Link to="/services">services page</Link>
            {site && (
              <>
                {' '}
                (the Standard plan: <strong>{formatNaira(site.membershipFeeKobo)}</strong> per month)
              </>
            )}
            .
          </li>
          <li>
            The fee is paid by bank transfer. Your account is activated after the payment slip is reviewed and you enter the one-time code (OTP) sent to your
            email.
          </li>
          <li>
            Activated members may place an advert on the home page for <strong>{formatNaira(AD_WEEKLY_FEE_KOBO)}</strong> per week.
          </li>
          <li>Membership forms are available only to activated members.</li>
        </ul>
      </section>

      <section id="levels" aria-labelledby="levels-title">
        <h2 id="levels-title">3. Membership levels</h2>
        <p>Members are placed in one of five levels according to experience and training.</p>
        <TableScroll label="What each level receives">
          <table className="table">
            <caption className="visually-hidden">What each level receives</caption>
            <thead>
              <tr>
                <th scope="col">Level</th>
                <th scope="col">Scripts</th>
                <th scope="col">Payment</th>
                <th scope="col">Costumes</th>
              </tr>
            </thead>
            <tbody>
              {LEVELS.map((row) => (
                <tr key={row.level}>
                  <th scope="row">{row.level}</th>
                  <td>{row.scripts}</td>
                  <td>{row.payment}</td>
                  <td>{row.costumes}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableScroll>
        <p>For levels 1 to 3, five artists are cast for each role and the best performance gets the part.</p>
      </section>

      <section id="schedule" aria-labelledby="schedule-title">
        <h2 id="schedule-title">4. Meetings, casting and training</h2>
        <dl className="terms__schedule">
          <dt>Meetings</dt>
          <dd>Every Thursday, 10am to 4pm.</dd>
          <dt>Casting</dt>
          <dd>The second Friday of every month, 10am to 4pm.</dd>
          <dt>Training</dt>
          <dd>Mondays, Wednesdays and Fridays, 9am to 1pm, including a 4-week intensive training programme.</dd>
          <dt>Certificates</dt>
          <dd>Awarded for training of 6 months or more.</dd>
        </dl>
      </section>

      <section id="conduct" aria-labelledby="conduct-title">
        <h2 id="conduct-title">5. Conduct and fines</h2>
        <p>Members are expected to be punctual, respectful and professional. The following fines apply:</p>
        <TableScroll label="Fines">
          <table className="table">
            <caption className="visually-hidden">Fines</caption>
            <thead>
              <tr>
                <th scope="col">Offence</th>
                <th scope="col">Fine</th>
              </tr>
            </thead>
            <tbody>
              {FINES.map((fine) => (
                <tr key={fine.offence}>
                  <td>{fine.offence}</td>
                  <td>{fine.amount}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableScroll>
        <p>
          A romantic relationship between artists and crew members during a production leads to a <strong>suspension of 4 years</strong>.
        </p>
      </section>

      <section id="events" aria-labelledby="events-title">
        <h2 id="events-title">6. Annual events</h2>
        <p>
          Every year the company holds an anniversary, a thanksgiving, visitations, a carnival and award nights. Members are expected to attend; dates are
          announced in advance.
        </p>
      </section>

      <section id="privacy" aria-labelledby="privacy-title">
        <h2 id="privacy-title">7. Privacy and your account</h2>
        <ul>
          <li>We use your details to run your membership and to contact you about castings, events and payments.</li>
          <li>Marketing emails are sent only with your consent, and you can stop them at any time.</li>
          <li>Anyone under 18 needs a parent or guardian to confirm their account.</li>
          <li>
            You can download a copy of all your data, and see who at the company opened your documents. Read{' '}
            <Link to="/privacy">how we look after your data</Link>.
          </li>
          <li>
            You may terminate your account at any time from your profile. Your personal data and uploaded files are then deleted; payment records keep only the
            amount and date.
          </li>
        </ul>
      </section>

      <p>
        <button type="button" className="button button--primary" disabled={!hydrated} onClick={goBack}>
          Back
        </button>
      </p>
    </article>
  );
}
