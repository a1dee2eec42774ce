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
          <div className="table-wrap">
            <table className="table">
              <thead>
                <tr>
                  <th scope="col">Number</th>
                  <th scope="col">Member</th>
                  <th scope="col">Training</th>
                  <th scope="col">Period</th>
                  <th scope="col">Issued</th>
                </tr>
              </thead>
              <tbody>
                {list.map((c) => (
                  <tr key={c.id}>
                    <td>
                      <a href={staffCertificateUrl(c.id)} download>
                        {c.number}
                      </a>
                    </td>
                    <td>
                      {c.memberName} <span className="muted">{c.memberNumber}</span>
                    </td>
                    <td>{c.title}</td>
                    <td>
                      {displayDate(c.periodFrom)} to {displayDate(c.periodTo)} ({c.attended} of {c.held})
                    </td>
                    <td>{displayDayOf(c.issuedAt)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </QueryView>
    </div>
  );
}
