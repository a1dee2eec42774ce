import { useWatch } from 'react-hook-form';
import type { MoviePremiereInput } from '../../../../shared/schemas/forms';
import { MOVIE_PREMIERE_FIELDS, fieldsByName, promptOf } from '../../../../shared/form-definitions';
import { SelectField, TextAreaField, TextField } from '../../../components/form-field';
import { FormError } from '../../../components/form-error';
import { Spinner } from '../../../components/spinner';
import { usePremieres } from '../api/get-premieres';
import { useHydrated } from '../../../lib/hydrated';
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
  const { form, field, errors, shell } = useMemberForm<MoviePremiereInput>('movie-premiere', {
    ...defaults,
    name: details.fullName,
    email: details.email,
    contact: details.phone,
  });
  const { control, setValue } = form;
  const movie = useWatch({ control, name: 'movie' });
  const chosen = premieres.data?.find((premiere) => premiere.title === movie);
  // Before the code has taken the drawn page over, a plain <select> cannot follow the film chosen:
  // it offers every showtime of an open premiere, and the server refuses one the film does not have.
  const codeRuns = useHydrated();
  const offered = codeRuns ? chosen?.showtimes : premieres.data?.flatMap((premiere) => premiere.showtimes);
  const showtimes = F.showtime.options.filter((showtime) => offered?.includes(showtime.value));
  const movieField = field('movie');

  return (
    <FormShell title="Movie Premiere Registration" lead="Book your seat at one of our premieres." {...shell} prefilled>
      <TextField label={promptOf(F.name)} autoComplete="name" {...field('name')} error={errors.name?.message} />
      <TextField label={promptOf(F.email)} type="email" autoComplete="email" {...field('email')} error={errors.email?.message} />
      <TextField label={promptOf(F.contact)} type="tel" autoComplete="tel" {...field('contact')} error={errors.contact?.message} />
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
        placeholder={chosen || !codeRuns ? 'Select a showtime' : 'Choose a movie first'}
        options={showtimes}
        disabled={codeRuns && !chosen}
        {...field('showtime')}
        error={errors.showtime?.message}
      />
      <div className="form__full">
        <TextAreaField label={promptOf(F.requests)} rows={3} {...field('requests')} error={errors.requests?.message} />
      </div>
    </FormShell>
  );
}
