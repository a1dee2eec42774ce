import { useEffect, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router';
import type { MyTalentProfile, TalentMeasurements, TalentProfileInput } from '../../../../shared/schemas/talent';
import { lazyZodResolver } from '../../../lib/lazy-zod-resolver';
import { uploadRefusal } from '../../../lib/prepare-upload';
import { MAX_TALENT_PHOTOS, TALENT_CATEGORIES, TALENT_MEASUREMENTS, type TalentMeasurement } from '../../../../shared/talent-options';
import { FileField } from '../../../components/file-field';
import { useFlash } from '../../../components/flash-context';
import { FormError } from '../../../components/form-error';
import { SubmissionStatus } from '../../../components/submission-status';
import { CheckboxField, SelectField, TextAreaField, TextField } from '../../../components/form-field';
import { GuardianNotice } from '../../../components/guardian-notice';
import { ButtonSpinner, Spinner } from '../../../components/spinner';
import { useSession } from '../../../lib/session';
import { useDeleteTalentPhoto, useMyTalentProfile, useSaveTalentProfile, useSetPrimaryPhoto } from '../api/my-talent-profile';
import { BookingRequestsList } from './booking-requests-list';
import { measurementValue } from './talent-labels';
import './talent.css';

const checks = lazyZodResolver<TalentProfileInput>(() => import('../../../../shared/schemas/talent').then((m) => m.talentProfileSchema), { raw: true });

/** /profile/talent: the member's talent profile editor, portfolio photos and the booking requests made to them. */
export function TalentEditorPage() {
  const mine = useMyTalentProfile();
  if (mine.isPending) return <Spinner />;
  if (mine.isError) return <p className="form__error">{mine.error.message}</p>;
  const { profile, available } = mine.data;
  return (
    <div className="page talent-editor">
      <p>
        <Link to="/profile">← Dashboard</Link>
      </p>
      <header className="page__header">
        <h1>Talent profile</h1>
        <p className="page__lead">
          Publish a profile in the public talent directory so businesses can find you and request a booking. Your email, phone and address are never shown.
        </p>
        {profile && <ProfileStatus profile={profile} />}
      </header>
      <GuardianNotice />
      <ProfileForm profile={profile} available={available} />
      <PhotosSection profile={profile} />
      <section aria-labelledby="requests-title">
        <h2 id="requests-title" className="section-title">
          Booking requests
        </h2>
        <BookingRequestsList />
      </section>
    </div>
  );
}

function ProfileStatus({ profile }: { profile: MyTalentProfile }) {
  if (profile.hidden) return <p className="badge">Hidden by staff: contact us to have it restored</p>;
  if (!profile.published) return <p className="badge">Not published</p>;
  return (
    <p>
      <span className="badge badge--ok">Published</span> <Link to={`/talent/${profile.id}`}>View your public profile</Link>
    </p>
  );
}

function describe(key: TalentMeasurement, available: TalentMeasurements): string {
  const label = TALENT_MEASUREMENTS.find((m) => m.value === key)?.label ?? key;
  const value = measurementValue(key, available);
  return value === undefined ? `${label} (not on your artist membership form)` : `${label}: ${value}`;
}

function ProfileForm({ profile, available }: { profile: MyTalentProfile | null; available: TalentMeasurements }) {
  const { user } = useSession();
  const save = useSaveTalentProfile();
  const flash = useFlash();
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors },
  } = useForm<TalentProfileInput>({
    resolver: checks.resolver,
    defaultValues: {
      category: profile?.category ?? 'model',
      stageName: profile?.stageName ?? '',
      bio: profile?.bio ?? '',
      published: profile?.published ?? false,
      show: profile?.show ?? [],
    },
  });
  // Saving, or deleting the last photo (which unpublishes), changes the saved details: the form
  // follows them. A photo upload leaves them as they were, so unsaved typing is kept.
  const saved = profile ? JSON.stringify([profile.category, profile.stageName, profile.bio, profile.published, profile.show]) : '';
  useEffect(() => {
    if (!saved) return;
    const [category, stageName, bio, published, show] = JSON.parse(saved) as [TalentProfileInput['category'], string, string, boolean, TalentMeasurement[]];
    reset({ category, stageName, bio, published, show });
  }, [saved, reset]);

  const [photos, setPhotos] = useState<File[]>([]);
  const [photoError, setPhotoError] = useState<string | null>(null);
  const room = MAX_TALENT_PHOTOS - (profile?.photos.length ?? 0);

  const onSubmit = handleSubmit((values) => {
    save.submit(
      { values, photos },
      {
        onSuccess: (data) => {
          flash.showSuccess(data.message);
          setPhotos([]);
        },
      },
    );
  });
  const canPublish = Boolean(user?.status);

  return (
    <section aria-labelledby="details-title">
      <h2 id="details-title" className="section-title">
        Details
      </h2>
      <form className="form form--grid" noValidate onFocus={checks.preload} onSubmit={(event) => void onSubmit(event)}>
        <SelectField label="Category" options={TALENT_CATEGORIES} {...register('category')} error={errors.category?.message} />
        <TextField label="Stage name" {...register('stageName')} error={errors.stageName?.message} />
        <div className="form__full">
          <TextAreaField label="Short bio" rows={3} {...register('bio')} error={errors.bio?.message} />
          <fieldset className="talent-editor__show">
            <legend>Measurements to show</legend>
            <p className="field__hint">Values come from your latest artist membership form; only the ones you tick are public.</p>
            {TALENT_MEASUREMENTS.map((m) => (
              <CheckboxField key={m.value} label={describe(m.value, available)} value={m.value} {...register('show')} />
            ))}
          </fieldset>
          {room > 0 && <PhotoPicker photos={photos} room={room} error={photoError} onChange={setPhotos} onError={setPhotoError} />}
          <CheckboxField
            label={
              canPublish ? 'Published in the talent directory (needs at least one photo)' : 'Published in the talent directory (activate your membership first)'
            }
            disabled={!canPublish}
            {...register('published')}
          />
          <SubmissionStatus submission={save.view} showProgress={photos.length > 0} />
          <button type="submit" className="button button--primary" disabled={save.pending}>
            {save.pending && <ButtonSpinner />} Save talent profile
          </button>
        </div>
      </form>
    </section>
  );
}

/** Photos chosen with the details: they go up with the next save, so a first save can publish. */
function PhotoPicker({
  photos,
  room,
  error,
  onChange,
  onError,
}: {
  photos: File[];
  room: number;
  error: string | null;
  onChange: (photos: File[]) => void;
  onError: (error: string | null) => void;
}) {
  const previews = usePreviews(photos);

  // The input is emptied after each choice: the photos chosen are kept below, and the same file may be chosen again.
  const input = useRef<HTMLInputElement>(null);

  function choose(chosen: File[]) {
    if (input.current) input.current.value = '';
    // Refused here, before it costs the member mobile data.
    const refusal = chosen.map((file) => uploadRefusal(file, file.name)).find(Boolean);
    if (refusal) return onError(refusal);
    const next = [...photos, ...chosen];
    if (next.length > room) return onError(`You can add ${room} more photo${room === 1 ? '' : 's'} (at most ${MAX_TALENT_PHOTOS} in all).`);
    onError(null);
    onChange(next);
  }

  return (
    <FileField
      ref={input}
      id="talent-photos"
      label="Add photos"
      accept="image/jpeg,image/png,image/webp"
      multiple
      error={error}
      hint="JPEG, PNG or WebP up to 5 MB each; location data is removed. They are added when you save."
      onFiles={choose}
    >
      {photos.length > 0 && (
        <ul className="talent-editor__photos">
          {photos.map((photo, index) => (
            <li key={`${photo.name}-${index}`} className="talent-editor__photo">
              <img src={previews[index]} alt={`New portfolio shot ${index + 1}`} width={160} height={200} />
              <button type="button" className="button button--ghost" onClick={() => onChange(photos.filter((_, i) => i !== index))}>
                Remove <span className="visually-hidden">chosen photo {index + 1}</span>
              </button>
            </li>
          ))}
        </ul>
      )}
    </FileField>
  );
}

function usePreviews(photos: File[]): string[] {
  const [urls, setUrls] = useState<string[]>([]);
  useEffect(() => {
    const made = photos.map((photo) => URL.createObjectURL(photo));
    setUrls(made);
    return () => made.forEach((url) => URL.revokeObjectURL(url));
  }, [photos]);
  return urls;
}

/** The saved photos: which one leads the profile, and deleting. */
function PhotosSection({ profile }: { profile: MyTalentProfile | null }) {
  const flash = useFlash();
  const remove = useDeleteTalentPhoto();
  const primary = useSetPrimaryPhoto();
  if (!profile || profile.photos.length === 0) return null;
  const answer = { onSuccess: (data: { message: string }) => flash.showSuccess(data.message) };

  return (
    <section aria-labelledby="photos-title">
      <h2 id="photos-title" className="section-title">
        Photos
      </h2>
      <p className="muted">
        {profile.photos.length} of {MAX_TALENT_PHOTOS}. The primary photo leads your profile in the directory.
      </p>
      <ul className="talent-editor__photos">
        {profile.photos.map((photo, index) => (
          <li key={photo.id} className="talent-editor__photo">
            <img src={photo.url} alt={`Your portfolio shot ${index + 1}`} loading="lazy" width={160} height={200} />
            {photo.primary ? (
              <p className="badge badge--ok">Primary</p>
            ) : (
              <button type="button" className="button button--ghost" disabled={primary.isPending} onClick={() => primary.mutate(photo.id, answer)}>
                Make primary
              </button>
            )}
            <button
              type="button"
              className="button button--danger"
              aria-label={`Delete photo ${index + 1}`}
              disabled={remove.isPending}
              onClick={() => remove.mutate(photo.id, answer)}
            >
              Delete
            </button>
          </li>
        ))}
      </ul>
      <FormError message={primary.error?.message ?? remove.error?.message} />
    </section>
  );
}
