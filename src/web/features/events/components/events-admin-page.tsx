import { type FormEvent, useState } from 'react';
import { COMPANY_EVENT_KINDS, type CompanyEvent, EVENT_IMAGE_MAX_BYTES } from '../../../../shared/company-events';
import { displayDate } from '../../../../shared/display-date';
import { labelOf } from '../../../../shared/form-options';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { DataTable } from '../../../components/data-table';
import { FileField } from '../../../components/file-field';
import { useFlash } from '../../../components/flash-context';
import { SelectField, TextAreaField, TextField } from '../../../components/form-field';
import { QueryView } from '../../../components/query-view';
import { ButtonSpinner } from '../../../components/spinner';
import { uploadRefusal } from '../../../lib/prepare-upload';
import { useAddGalleryImage, useAdminEvents, useAdminGallery, useDeleteEvent, useDeleteGalleryImage, useSaveEvent } from '../api/manage-events';
import './events-admin.css';

const IMAGE_ACCEPT = 'image/jpeg,image/png,image/webp';
const IMAGE_LIMIT = `${EVENT_IMAGE_MAX_BYTES / (1024 * 1024)} MB`;

/** A picture chosen in a form that is over the limit, named before anything is sent. */
function oversizePicture(form: FormData, field: string): string | null {
  const file = form.get(field);
  return file instanceof File ? uploadRefusal(file, 'The picture', EVENT_IMAGE_MAX_BYTES) : null;
}

/** /admin/events: the events calendar members see on /events, and the gallery under it. */
export function EventsAdminPage() {
  const events = useAdminEvents();
  const remove = useDeleteEvent();
  const flash = useFlash();
  const [editing, setEditing] = useState<CompanyEvent | null>(null);
  const [deleting, setDeleting] = useState<CompanyEvent | null>(null);

  return (
    <div className="admin__section">
      <div className="admin__toolbar">
        <h2>Events</h2>
      </div>
      <EventForm key={editing?.id ?? 'new'} event={editing} onDone={() => setEditing(null)} />
      <QueryView query={events} isEmpty={(list) => list.length === 0} empty={<p>No events yet. Add the next casting day, meeting or training above.</p>}>
        {(list) => (
          <DataTable
            label="Events"
            columns={[
              {
                heading: 'When',
                cell: (event) => (
                  <>
                    {displayDate(event.day)}, {event.time}
                  </>
                ),
              },
              {
                heading: 'Event',
                cell: (event) => (
                  <>
                    {event.title}
                    <br />
                    <span className="badge">{labelOf(COMPANY_EVENT_KINDS, event.kind)}</span>
                  </>
                ),
              },
              { heading: 'Place', cell: (event) => event.place },
              {
                heading: 'Actions',
                hideHeading: true,
                className: 'admin__buttons',
                cell: (event) => (
                  <>
                    <button type="button" className="button button--ghost" onClick={() => setEditing(event)}>
                      Edit
                    </button>
                    <button type="button" className="button button--ghost" onClick={() => setDeleting(event)}>
                      Delete
                    </button>
                  </>
                ),
              },
            ]}
            rows={list}
            rowKey={(event) => event.id}
            rowLabel={(event) => event.title}
          />
        )}
      </QueryView>
      <ConfirmDialog
        open={deleting !== null}
        title="Delete this event?"
        message={deleting ? `${deleting.title} (${displayDate(deleting.day)}) leaves the members' events page.` : ''}
        confirmLabel="Delete event"
        busy={remove.isPending}
        onCancel={() => setDeleting(null)}
        onConfirm={() =>
          deleting &&
          remove.mutate(deleting.id, {
            onSuccess: ({ message }) => flash.showSuccess(message),
            onError: (error) => flash.showError(error.message),
            onSettled: () => setDeleting(null),
          })
        }
      />
      <GallerySection />
    </div>
  );
}

function EventForm({ event, onDone }: { event: CompanyEvent | null; onDone: () => void }) {
  const save = useSaveEvent();
  const flash = useFlash();
  const [error, setError] = useState<string | null>(null);

  function submit(submitted: FormEvent<HTMLFormElement>) {
    submitted.preventDefault();
    const formElement = submitted.currentTarget;
    const form = new FormData(formElement);
    const tooBig = oversizePicture(form, 'picture');
    if (tooBig) return setError(tooBig);
    setError(null);
    save.mutate(
      { id: event?.id, form },
      {
        onSuccess: ({ message }) => {
          flash.showSuccess(message);
          formElement.reset();
          onDone();
        },
        onError: (failure) => setError(failure.message),
      },
    );
  }

  return (
    <form className="card admin__event-form" onSubmit={submit} aria-label={event ? `Edit ${event.title}` : 'Add an event'}>
      <h3>{event ? `Edit: ${event.title}` : 'Add an event'}</h3>
      {error && (
        <p className="form__error" role="alert">
          {error}
        </p>
      )}
      <SelectField label="Kind" name="kind" options={COMPANY_EVENT_KINDS} defaultValue={event?.kind ?? 'casting-day'} required />
      <TextField label="Title" name="title" defaultValue={event?.title} required maxLength={120} />
      <div className="admin__event-when">
        <TextField label="Date" name="day" type="date" defaultValue={event?.day} required />
        <TextField label="Time" name="time" type="time" defaultValue={event?.time} required />
      </div>
      <TextField label="Place" name="place" defaultValue={event?.place} required maxLength={200} />
      <TextAreaField label="Description" name="description" defaultValue={event?.description} required maxLength={2000} rows={3} />
      <FileField
        label="Picture"
        name="picture"
        accept={IMAGE_ACCEPT}
        hint={`JPG, PNG or WebP, at most ${IMAGE_LIMIT}.${event?.imageUrl ? ' Leave empty to keep the current picture.' : ''}`}
      />
      <div className="admin__buttons">
        <button type="submit" className="button button--primary" disabled={save.isPending}>
          {save.isPending && <ButtonSpinner />} {event ? 'Save event' : 'Add event'}
        </button>
        {event && (
          <button type="button" className="button button--ghost" onClick={onDone}>
            Cancel
          </button>
        )}
      </div>
    </form>
  );
}

function GallerySection() {
  const gallery = useAdminGallery();
  const add = useAddGalleryImage();
  const remove = useDeleteGalleryImage();
  const flash = useFlash();
  const [error, setError] = useState<string | null>(null);

  function submit(submitted: FormEvent<HTMLFormElement>) {
    submitted.preventDefault();
    const formElement = submitted.currentTarget;
    const form = new FormData(formElement);
    const tooBig = oversizePicture(form, 'image');
    if (tooBig) return setError(tooBig);
    setError(null);
    add.mutate(form, {
      onSuccess: ({ message }) => {
        flash.showSuccess(message);
        formElement.reset();
      },
      onError: (failure) => setError(failure.message),
    });
  }

  return (
    <section aria-labelledby="gallery-admin-title">
      <h2 id="gallery-admin-title">Gallery</h2>
      <form className="card admin__event-form" onSubmit={submit} aria-label="Add a gallery image">
        {error && (
          <p className="form__error" role="alert">
            {error}
          </p>
        )}
        <FileField label="Image" name="image" accept={IMAGE_ACCEPT} required hint={`JPG, PNG or WebP, at most ${IMAGE_LIMIT}.`} />
        <TextField label="Caption" name="caption" required maxLength={120} />
        <button type="submit" className="button button--primary" disabled={add.isPending}>
          {add.isPending && <ButtonSpinner />} Add to gallery
        </button>
      </form>
      <QueryView query={gallery} isEmpty={(images) => images.length === 0} empty={<p>The gallery is empty, so members do not see it.</p>}>
        {(images) => (
          <ul className="admin__gallery">
            {images.map((image) => (
              <li key={image.id} className="card">
                <img src={image.imageUrl} alt={image.caption} width={240} height={180} loading="lazy" />
                <p>{image.caption}</p>
                <button
                  type="button"
                  className="button button--ghost"
                  disabled={remove.isPending}
                  onClick={() =>
                    remove.mutate(image.id, { onSuccess: ({ message }) => flash.showSuccess(message), onError: (failure) => flash.showError(failure.message) })
                  }
                >
                  Remove <span className="visually-hidden">{image.caption}</span>
                </button>
              </li>
            ))}
          </ul>
        )}
      </QueryView>
    </section>
  );
}
