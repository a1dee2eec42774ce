import { useParams, useSearchParams } from 'react-router';
import { displayDate, displayDayOf } from '../../../../shared/display-date';
import { Spinner } from '../../../components/spinner';
import { useCertificateCheck } from '../api/training';
import './schedule.css';

/**
 * /verify/certificates/:number?code=…, public: what a third party sees when they scan a training
 * certificate's QR code (as /verify/:memberNumber for a member card). A wrong code says so.
 */
export function CertificateCheckPage() {
  const { number = '' } = useParams();
  const [params] = useSearchParams();
  const check = useCertificateCheck(number, params.get('code') ?? '');
  return (
    <section className="page page--narrow" aria-labelledby="certificate-check-title">
      <h1 id="certificate-check-title">Certificate check</h1>
      {check.isPending && <Spinner />}
      {check.isError && (
        <p className="form__error" role="alert">
          {check.error.message}
        </p>
      )}
      {check.data && (
        <div className="schedule__item certificate-check">
          <p className="badge badge--ok">Genuine: issued by {check.data.companyName}</p>
          <dl className="certificate-check__facts">
            <dt>Certificate</dt>
            <dd>{check.data.number}</dd>
            <dt>Member</dt>
            <dd>
              {check.data.memberName} ({check.data.memberNumber})
            </dd>
            <dt>Training</dt>
            <dd>{check.data.title}</dd>
            <dt>Period</dt>
            <dd>
              {displayDate(check.data.periodFrom)} to {displayDate(check.data.periodTo)}, {check.data.attended} of {check.data.held} sessions attended
            </dd>
            <dt>Issued</dt>
            <dd>{displayDayOf(check.data.issuedAt)}</dd>
          </dl>
        </div>
      )}
    </section>
  );
}
