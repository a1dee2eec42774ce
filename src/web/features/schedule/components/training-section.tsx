import { displayDate } from '../../../../shared/display-date';
import { WEEKDAY_LABELS } from '../../../../shared/schedule';
import { todayInLagos } from '../../../../shared/dates';
import { CERTIFICATE_MONTHS, CERTIFICATE_SHARE, certificateDistance, type MemberTraining } from '../../../../shared/training';
import { FormError } from '../../../components/form-error';
import { QueryView } from '../../../components/query-view';
import { memberCertificateUrl, useEnrolment, useIssueCertificate, useMemberTrainings } from '../api/training';

/** The calendar page's trainings: enrol or leave, the way to the certificate, and its download once issued. */
export function TrainingSection() {
  const trainings = useMemberTrainings();
  return (
    <section aria-labelledby="training-title">
      <h2 id="training-title" className="section-title">
        Training
      </h2>
      <p className="schedule__meta">
        A certificate is earned after {CERTIFICATE_MONTHS} months of a training: your attended dates span {CERTIFICATE_MONTHS} calendar months, and you attended
        at least {Math.round(CERTIFICATE_SHARE * 100)}% of the dates held.
      </p>
      <QueryView query={trainings} isEmpty={(list) => list.length === 0} empty={<p>No training is open for enrolment now.</p>}>
        {(list) => (
          <ul className="schedule__list">
            {list.map((training) => (
              <TrainingItem key={training.seriesId} training={training} />
            ))}
          </ul>
        )}
      </QueryView>
    </section>
  );
}

const daysOf = (weekdays: number[]) => weekdays.map((d) => WEEKDAY_LABELS[d]).join(', ');

function TrainingItem({ training }: { training: MemberTraining }) {
  const enrolment = useEnrolment();
  const issue = useIssueCertificate();
  const { progress, certificate } = training;
  const failure = enrolment.error?.message ?? issue.error?.message;
  return (
    <li className="schedule__item training">
      <p className="schedule__when">{training.title}</p>
      <p className="schedule__meta">
        {daysOf(training.weekdays)}, {training.startTime} to {training.endTime} · {training.place}
        {training.untilDay ? ` · until ${displayDate(training.untilDay)}` : ''}
      </p>
      {training.enrolled && <span className="badge badge--ok">Enrolled</span>}
      {!training.open && <span className="badge">Ended</span>}
      {!certificate && (training.enrolled || progress.firstDay) && <p className="schedule__meta">{certificateDistance(progress, todayInLagos())}</p>}
      <div className="schedule__actions">
        {certificate ? (
          <>
            <a className="button button--primary" href={memberCertificateUrl(certificate.id)} download>
              Download certificate {certificate.number} (PDF)
            </a>
            {training.certificateCheckUrl && (
              <a className="button" href={training.certificateCheckUrl}>
                Open its check page
              </a>
            )}
          </>
        ) : (
          progress.eligible && (
            <button type="button" className="button button--primary" disabled={issue.isPending} onClick={() => issue.mutate(training.seriesId)}>
              Get your certificate
            </button>
          )
        )}
        {training.enrolled ? (
          <button
            type="button"
            className="button"
            disabled={enrolment.isPending}
            onClick={() => enrolment.mutate({ seriesId: training.seriesId, enrol: false })}
          >
            Leave this training
          </button>
        ) : (
          training.open && (
            <button
              type="button"
              className="button"
              disabled={enrolment.isPending}
              onClick={() => enrolment.mutate({ seriesId: training.seriesId, enrol: true })}
            >
              Enrol
            </button>
          )
        )}
      </div>
      {enrolment.data && !failure && <p role="status">{enrolment.data.message}</p>}
      {issue.data && !failure && <p role="status">{issue.data.message}</p>}
      <FormError message={failure} />
    </li>
  );
}
