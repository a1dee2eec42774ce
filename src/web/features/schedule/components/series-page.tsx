import { useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { useFlash } from '../../../components/flash-context';
import { QueryView } from '../../../components/query-view';
import { type Series, useDeleteSeries, useSaveSeries, useSeriesList } from '../api/training';
import { ScheduleNav } from './schedule-nav';
import { PastDates, SeriesDates } from './series-dates';
import { SeriesEnrolments } from './series-enrolments';
import { SeriesForm } from './series-form';
import './schedule.css';

/** /admin/schedule/series/new and /admin/schedule/series/:id: a series, its next and past dates and, for a training, who is enrolled. */
export function SeriesPage() {
  const { id } = useParams();
  const list = useSeriesList();
  if (!id) return <SeriesEditor series={undefined} />;
  return (
    <QueryView query={list}>
      {(all) => {
        const series = all.find((s) => s.id === id);
        return series ? (
          <SeriesEditor key={series.id} series={series} />
        ) : (
          <div>
            <ScheduleNav />
            <p className="form__error" role="alert">
              This session was not found: it may have been deleted. <Link to="/admin/schedule/series">Back to the sessions</Link>
            </p>
          </div>
        );
      }}
    </QueryView>
  );
}

function SeriesEditor({ series }: { series: Series | undefined }) {
  const save = useSaveSeries(series?.id);
  const remove = useDeleteSeries();
  const flash = useFlash();
  const navigate = useNavigate();
  const [confirming, setConfirming] = useState(false);
  return (
    <div className="schedule">
      <ScheduleNav />
      <div className="schedule__toolbar">
        <h2>{series ? series.title : 'New session'}</h2>
        <Link to="/admin/schedule/series">Back to the sessions</Link>
      </div>
      <SeriesForm
        series={series}
        pending={save.isPending}
        onSave={(body, failed) =>
          save.mutate(body, {
            onSuccess: (answer) => {
              flash.showSuccess(answer.message);
              if (!series) void navigate(`/admin/schedule/series/${answer.series.id}`);
            },
            onError: failed,
          })
        }
      />
      {series && (
        <>
          {series.audience === 'enrolled' && <SeriesEnrolments seriesId={series.id} />}
          <SeriesDates seriesId={series.id} />
          <PastDates seriesId={series.id} />
          <div className="schedule__actions">
            <button type="button" className="button button--danger" onClick={() => setConfirming(true)}>
              Delete this session
            </button>
          </div>
          <ConfirmDialog
            open={confirming}
            title="Delete this session?"
            message="Every date of it goes from members' calendars. A session with arrivals or fines on record cannot be deleted: give it a last date instead."
            confirmLabel="Delete"
            busy={remove.isPending}
            error={remove.error?.message}
            onCancel={() => {
              setConfirming(false);
              remove.reset();
            }}
            onConfirm={() =>
              remove.mutate(series.id, {
                onSuccess: (answer) => {
                  flash.showSuccess(answer.message);
                  void navigate('/admin/schedule/series');
                },
              })
            }
          />
        </>
      )}
    </div>
  );
}
