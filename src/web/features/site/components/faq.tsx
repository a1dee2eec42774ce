import { Link } from 'react-router';
import { formatNaira } from '../../../../shared/money';
import { CompanyContacts } from '../../../components/company-contacts';
import { useSite } from '../../../lib/site';

/** The collapsible FAQ of the home and about pages; native <details> needs no script to open. */
export function Faq() {
  const { data: site } = useSite();
  return (
    <section className="faq" aria-labelledby="faq-title">
      <h2 id="faq-title" className="section-title">
        Frequently asked questions
      </h2>
      <details className="faq__item">
        <summary>What services do you offer?</summary>
        <p>
          We cover everything needed to make and market a film: casting actors and models, crew, music production, training, script printing, movie premieres
          and promotion. See our <Link to="/services">services</Link>.
        </p>
      </details>
      <details className="faq__item">
        <summary>How do I book a model?</summary>
        <p>
          Send us a message on the <Link to="/contact">contact page</Link> with the date, location and kind of model you need. Our team will suggest suitable
          models and confirm the booking with you.
        </p>
      </details>
      <details className="faq__item">
        <summary>How much is membership?</summary>
        <p>
          Each plan has its own monthly price, listed on the <Link to="/services">services page</Link>
          {site && <>; the Standard plan costs {formatNaira(site.membershipFeeKobo)} a month</>}.
        </p>
      </details>
      <details className="faq__item">
        <summary>How can I contact you?</summary>
        <p>
          Send us a message on the <Link to="/contact">contact page</Link>
          {site && (site.email || site.phone) && (
            <>
              , or reach us at <CompanyContacts site={site} separator=" or " />
            </>
          )}
          .{site && site.offices.length > 0 && <> You can also visit one of our offices in {site.offices.map((office) => office.state).join(', ')}.</>}
        </p>
      </details>
      <details className="faq__item">
        <summary>How do I pay?</summary>
        <ol className="faq__steps">
          <li>Pay the membership fee by bank transfer into the account shown on the fees page.</li>
          <li>Upload a photo or PDF of your payment slip on the fees page.</li>
          <li>Wait while our team reviews your payment.</li>
          <li>You will receive a one-time code (OTP) by email: enter it to activate your account.</li>
        </ol>
      </details>
      {site?.faq.map((entry) => (
        <details key={entry.question} className="faq__item">
          <summary>{entry.question}</summary>
          <p className="faq__answer">{entry.answer}</p>
        </details>
      ))}
    </section>
  );
}
