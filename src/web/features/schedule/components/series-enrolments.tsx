import { useForm } from 'react-hook-form';
import { displayDayOf } from '../../../../shared/display-date';
import { FormError } from '../../../components/form-error';
import { TextField } from '../../../components/form-field';
import { QueryView } from '../../../components/query-view';
import { showFieldErrors } from '../../../lib/field-errors';
import { useEnrolments, useManageEnrolment } from '../api/training';

/** Who is enrolled in a series taking those enrolled: their attendance and certificate; staff add by number or take out. */
export function SeriesEnrolments({ seriesId }: { seriesId: string }) {
  const enrolments = useEnrolments(seriesId);
  const manage = useManageEnrolment(seriesId);
  const {
    register,
    handleSubmit,
    setError,
    reset,
    formState: { errors },
  } = useForm<{ memberNumber: string }>({ defaultValues: { memberNumber: '' } });
  const onSubmit = handleSubmit(({ memberNumber }) =>
    manage.mutate(
      { add: memberNumber },
      {
        onSuccess: () => reset(),
        // A number nobody has is about the field too: shown under it.
        onError: (error) => void (showFieldErrors(error, setError, ['memberNumber']) || setError('memberNumber', { message: error.message })),
      },
    ),
  );
  return (
    <section aria-labelledby="enrolments-title">
      <h2 id="enrolments-title" className="section-title">
        Enrolled
      </h2>
      <form className="schedule__change" noValidate aria-label="Enrol a member" onSubmit={(event) => void onSubmit(event)}>
        <TextField
          label="Enrol a member by number"
          placeholder="HM-000123"
          autoComplete="off"
          {...register('memberNumber')}
          error={errors.memberNumber?.message}
        />
        <div className="schedule__actions">
          <button type="submit" className="button" disabled={manage.isPending}>
            Enrol
          </button>
        </div>
      </form>
      {manage.data && <p role="status">{manage.data.message}</p>}
      <QueryView query={enrolments} isEmpty={(list) => list.length === 0} empty={<p>Nobody is enrolled yet.</p>}>
        {(list) => (
          <ul className="schedule__list" aria-label="Enrolled members">
            {list.map((row) => (
              <li key={row.userId} className="schedule__item schedule__row">
                <div>
                  <p className="schedule__when">
                    {row.fullName} {row.memberNumber && <span className="muted">{row.memberNumber}</span>}
                  </p>
                  <p className="schedule__meta">
                    Since {displayDayOf(row.enrolledAt)} · {row.attended} date{row.attended === 1 ? '' : 's'} attended
                    {row.certificateNumber ? ` · certificate ${row.certificateNumber}` : ''}
                  </p>
                </div>
                <button
                  type="button"
                  className="button button--ghost"
                  disabled={manage.isPending}
                  onClick={() => manage.mutate({ remove: row.userId })}
                  aria-label={`Take ${row.fullName} out`}
                >
                  Take out
                </button>
              </li>
            ))}
          </ul>
        )}
      </QueryView>
      {manage.error && !errors.memberNumber && <FormError message={manage.error.message} />}
    </section>
  );
}
