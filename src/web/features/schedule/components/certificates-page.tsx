import { displayDate, displayDayOf } from '../../../../shared/display-date';
import { QueryView } from '../../../components/query-view';
import { staffCertificateUrl, useCertificates } from '../api/training';
import { ScheduleNav } from './schedule-nav';
import './schedule.css';

/** /admin/schedule/certificates: the training certificates issued, newest first, each as its PDF. */
export function CertificatesPage() {
  const certificates = useCertificates();
  return (
    <div className="schedule">
      <ScheduleNav />
      <h2>Training certificates</h2>
      <QueryView query={certificates} isEmpty={(list) => list.length === 0} empty={<p>No certificate has been issued yet.</p>}>
        {(list) => (
          <ul className="schedule__list">
            {list.map((c) => (
              <li key={c.id} className="schedule__item">
                <p className="schedule__when">
                  {c.number} · {c.memberName} ({c.memberNumber})
                </p>
                <p className="schedule__meta">
                  {c.title}: {displayDate(c.periodFrom)} to {displayDate(c.periodTo)}, {c.attended} of {c.held} dates attended
                </p>
                <p className="schedule__meta">
                  Issued {displayDayOf(c.issuedAt)} ·{' '}
                  <a href={staffCertificateUrl(c.id)} download>
                    Download the PDF
                  </a>
                </p>
              </li>
            ))}
          </ul>
        )}
      </QueryView>
    </div>
  );
}
