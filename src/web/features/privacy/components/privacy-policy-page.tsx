import { Link } from 'react-router';
import './privacy.css';

/** /privacy: the record of processing and the member's rights, in plain words (docs/privacy.md says the same for staff). */
export function PrivacyPolicyPage() {
  return (
    <article className="page page--narrow privacy-policy">
      <header className="page__header">
        <h1>Privacy: how we look after your data</h1>
        <p className="page__lead">
          We follow Nigeria’s Data Protection Act 2023. This page says what we keep about you, why, for how long, who can see it, and what you can ask of us.
        </p>
      </header>

      <section aria-labelledby="what-title">
        <h2 id="what-title">What we keep and why</h2>
        <ul>
          <li>
            <strong>Your account</strong> (name, email, phone, date of birth, address, origin, occupation): to run your membership and contact you about it.
          </li>
          <li>
            <strong>Payment slips and your payment history</strong>: to check your payments against our bank statement and give you receipts.
          </li>
          <li>
            <strong>Forms you send</strong> and their files (passport photos, ID and tax numbers, signatures): to do what the form asks, such as welfare support
            or script printing.
          </li>
          <li>
            <strong>Your talent profile</strong> (stage name, photos, the measurements you choose to show): shown to the public only while you publish it.
          </li>
          <li>
            <strong>Booking requests</strong> businesses send you, <strong>notifications</strong>, <strong>messages</strong> you send us.
          </li>
          <li>
            <strong>Your consents</strong>: what you agreed to, when, and the wording you saw.
          </li>
          <li>
            <strong>Records of what was done</strong>: staff decisions about your account and every time staff opened your documents.
          </li>
        </ul>
      </section>

      <section aria-labelledby="who-title">
        <h2 id="who-title">Who can see it</h2>
        <p>
          Only you and the staff who need it: finance staff see payment slips; moderators see forms, adverts and talent profiles; an administrator sees
          everything. Every time a staff member opens one of your documents it is recorded, and you can see the list on your privacy page. We do not sell your
          data. Mail is delivered by our email provider and files are kept by our storage provider.
        </p>
      </section>

      <section aria-labelledby="how-long-title">
        <h2 id="how-long-title">How long we keep it</h2>
        <ul>
          <li>Your account and what belongs to it: as long as you are a member.</li>
          <li>A payment slip that was not approved: 90 days after the decision.</li>
          <li>Files of a form we have handled: one year after we handled it (the form’s answers stay with your account).</li>
          <li>Emails we sent: 30 days after delivery; a code in an email is wiped as soon as it is delivered.</li>
          <li>When you end your account, we delete your data and files. What stays is anonymous: amounts and dates in our books, and counts.</li>
        </ul>
      </section>

      <section aria-labelledby="rights-title">
        <h2 id="rights-title">Your rights and how to use them</h2>
        <ul>
          <li>
            <strong>Get a copy of your data and take it elsewhere</strong>: “Download my data” on your <Link to="/profile/privacy">privacy page</Link> gives you
            everything in one ZIP file.
          </li>
          <li>
            <strong>Stop marketing emails</strong> at any time, and start them again, on the same page.
          </li>
          <li>
            <strong>See who looked at your documents</strong>, by their role, on the same page.
          </li>
          <li>
            <strong>Correct your details</strong> on your profile, or ask us through the <Link to="/contact">contact page</Link>.
          </li>
          <li>
            <strong>Delete your account</strong> with “Terminate account” on your profile, once you owe us nothing: while a fine is unpaid we keep your account,
            and tell you the amount and how to pay it.
          </li>
          <li>
            <strong>Complain</strong> to us through the contact page, or to the Nigeria Data Protection Commission.
          </li>
        </ul>
      </section>

      <section aria-labelledby="children-title">
        <h2 id="children-title">Children</h2>
        <p>
          Anyone under 18 needs a parent or guardian. At sign-up we ask for their name and email and send them a code. Until they confirm, the child can sign in
          but cannot pay, send forms or publish a talent profile. A child’s talent profile is public only if the guardian allows it; it never shows their age or
          date of birth, only an age band if the guardian allows that too. Booking requests for a child also go to the guardian. We never send marketing emails
          to a child. At 18 the guardian’s part ends and we tell the member.
        </p>
      </section>

      <section aria-labelledby="breach-title">
        <h2 id="breach-title">If something goes wrong</h2>
        <p>
          If your data is ever exposed, we tell the Nigeria Data Protection Commission within 72 hours and tell you without delay if it puts you at risk, saying
          what happened and what you can do.
        </p>
      </section>
    </article>
  );
}
