import { useWatch } from 'react-hook-form';
import type { MoviePremiereInput } from '../../../../shared/schemas/forms';
import { MOVIE_PREMIERE_FIELDS, fieldsByName, promptOf } from '../../../../shared/form-definitions';
import { SelectField, TextAreaField, TextField } from '../../../components/form-field';
import { FormError } from '../../../components/form-error';
import { Spinner } from '../../../components/spinner';
import { usePremieres } from '../api/get-premieres';
import { useSession } from '../../../lib/session';
import { FormShell } from './form-shell';
import { memberDetails } from './member-details';
import { useMemberForm } from './use-member-form';

const defaults: MoviePremiereInput = {
  name: '',
  email: '',
  contact: '',
  movie: '',
  showtime: '' as MoviePremiereInput['showtime'],
  requests: '',
};

const F = fieldsByName(MOVIE_PREMIERE_FIELDS);

/** /moviepremiereform: a seat at a premiere; the films and their showtimes come from the server. */
export function MoviePremiereFormPage() {
  const premieres = usePremieres();
  const details = memberDetails(useSession().user);
  const { form, shell } = useMemberForm<MoviePremiereInput>('movie-premiere', {
    ...defaults,
    name: details.fullName,
    email: details.email,
    contact: details.phone,
  });
  const {
    register,
    control,
    setValue,
    formState: { errors },
  } = form;
  const movie = useWatch({ control, name: 'movie' });
  const chosen = premieres.data?.find((premiere) => premiere.title === movie);
  const showtimes = F.showtime.options.filter((showtime) => chosen?.showtimes.includes(showtime.value));
  const movieField = register('movie');

  return (
    <FormShell title="Movie Premiere Registration" lead="Book your seat at one of our premieres." {...shell} prefilled>
      <TextField label={promptOf(F.name)} autoComplete="name" {...register('name')} error={errors.name?.message} />
      <TextField label={promptOf(F.email)} type="email" autoComplete="email" {...register('email')} error={errors.email?.message} />
      <TextField label={promptOf(F.contact)} type="tel" autoComplete="tel" {...register('contact')} error={errors.contact?.message} />
      {premieres.isPending ? (
        <Spinner />
      ) : premieres.isError ? (
        <FormError message={premieres.error.message} />
      ) : (
        <SelectField
          label={promptOf(F.movie)}
          placeholder="Select a movie"
          options={premieres.data.map((premiere) => ({ value: premiere.title, label: premiere.title }))}
          {...movieField}
          onChange={(event) => {
            // A showtime belongs to one film: choosing another film asks for the time again.
            setValue('showtime', '' as MoviePremiereInput['showtime']);
            return movieField.onChange(event);
          }}
          error={errors.movie?.message}
        />
      )}
      <SelectField
        label={promptOf(F.showtime)}
        placeholder={chosen ? 'Select a showtime' : 'Choose a movie first'}
        options={showtimes}
        disabled={!chosen}
        {...register('showtime')}
        error={errors.showtime?.message}
      />
      <div className="form__full">
        <TextAreaField label={promptOf(F.requests)} rows={3} {...register('requests')} error={errors.requests?.message} />
      </div>
    </FormShell>
  );
}
