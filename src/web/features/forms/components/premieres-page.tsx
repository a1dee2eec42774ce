import { type FormEvent, useState } from 'react';
import { labelOf, SHOWTIMES, type Showtime } from '../../../../shared/form-options';
import { valuesOf } from '../../../../shared/options';
import { DataTable } from '../../../components/data-table';
import { useFlash } from '../../../components/flash-context';
import { FormError } from '../../../components/form-error';
import { TextField } from '../../../components/form-field';
import { QueryView } from '../../../components/query-view';
import { ButtonSpinner } from '../../../components/spinner';
import { useAdminPremieres, useCreatePremiere, useUpdatePremiere } from '../api/manage-premieres';
import './submissions-console.css';

/** /admin/premieres: the films members can book, with their showtimes; retired films leave the booking page. */
export function PremieresPage() {
  const premieres = useAdminPremieres();
  const update = useUpdatePremiere();
  const flash = useFlash();

  const setOpen = (id: string, title: string, open: boolean) =>
    update.mutate(
      { id, open },
      {
        onSuccess: () => flash.showSuccess(open ? `${title} is open for bookings again.` : `${title} was retired.`),
      },
    );

  return (
    <div className="admin__section">
      <div className="admin__toolbar">
        <h2>Premieres</h2>
      </div>
      <AddPremiere />
      <FormError message={update.error?.message} />
      <QueryView query={premieres}>
        {(data) => (
          <DataTable
            label="Premieres"
            columns={[
              { heading: 'Title', cell: (premiere) => premiere.title },
              { heading: 'Showtimes', cell: (premiere) => premiere.showtimes.map((time) => labelOf(SHOWTIMES, time)).join(', ') },
              {
                heading: 'Bookings',
                cell: (premiere) => <span className={`badge${premiere.open ? ' badge--ok' : ''}`}>{premiere.open ? 'Open' : 'Retired'}</span>,
              },
              {
                heading: 'Action',
                hideHeading: true,
                cell: (premiere) => (
                  <button
                    type="button"
                    className="button button--ghost"
                    disabled={update.isPending}
                    onClick={() => setOpen(premiere.id, premiere.title, !premiere.open)}
                  >
                    {premiere.open ? 'Retire' : 'Reopen'}
                  </button>
                ),
              },
            ]}
            rows={data}
            rowKey={(premiere) => premiere.id}
            rowLabel={(premiere) => premiere.title}
          />
        )}
      </QueryView>
    </div>
  );
}

function AddPremiere() {
  const create = useCreatePremiere();
  const flash = useFlash();
  const [title, setTitle] = useState('');
  const [showtimes, setShowtimes] = useState<Showtime[]>(valuesOf(SHOWTIMES));
  const [error, setError] = useState<string | null>(null);

  function submit(event: FormEvent) {
    event.preventDefault();
    setError(null);
    create.mutate(
      { title, showtimes },
      {
        onSuccess: ({ premiere }) => {
          flash.showSuccess(`${premiere.title} is open for bookings.`);
          setTitle('');
          setShowtimes(valuesOf(SHOWTIMES));
        },
        onError: (failure) => setError(failure.message),
      },
    );
  }

  const toggle = (time: Showtime, on: boolean) => setShowtimes((old) => (on ? [...old, time] : old.filter((t) => t !== time)));

  return (
    <form className="card admin__add" onSubmit={submit} aria-label="Add a premiere">
      <TextField
        label="New premiere title"
        name="title"
        value={title}
        onChange={(e) => setTitle(e.target.value)}
        required
        maxLength={200}
        error={error ?? undefined}
      />
      <fieldset className="admin__showtimes">
        <legend>Showtimes</legend>
        {SHOWTIMES.map((time) => (
          <label key={time.value}>
            <input
              type="checkbox"
              name="showtimes"
              value={time.value}
              checked={showtimes.includes(time.value)}
              onChange={(e) => toggle(time.value, e.target.checked)}
            />{' '}
            {time.label}
          </label>
        ))}
      </fieldset>
      <button type="submit" className="button button--primary" disabled={create.isPending || !title.trim() || showtimes.length === 0}>
        {create.isPending && <ButtonSpinner />} Add premiere
      </button>
    </form>
  );
}
