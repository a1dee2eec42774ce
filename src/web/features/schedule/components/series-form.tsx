import { useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { todayInLagos } from '../../../../shared/dates';
import { INDUSTRIES } from '../../../../shared/options';
import { AUDIENCES, REPEATS, SESSION_KINDS, WEEKDAY_LABELS } from '../../../../shared/schedule';
import type { SessionSeriesInput } from '../../../../shared/schemas/schedule';
import { FormError } from '../../../components/form-error';
import { CheckboxField, SelectField, TextField } from '../../../components/form-field';
import { ButtonSpinner } from '../../../components/spinner';
import { showFieldErrors } from '../../../lib/field-errors';
import type { Series } from '../api/training';

/** The form's values: what the fields hold (text), turned into the API's body on sending. */
export interface SeriesFormValues {
  kind: string;
  title: string;
  place: string;
  startTime: string;
  endTime: string;
  repeat: string;
  firstDay: string;
  untilDay: string;
  weekdays: string[];
  nth: string;
  monthWeekday: string;
  audience: string;
  levelFrom: string;
  levelTo: string;
  category: string;
  attendanceRequired: boolean;
  graceMinutes: string;
}

type FieldName = Exclude<keyof SeriesFormValues, 'monthWeekday'>;

/**
 * The fields on the form as it stands, which a refusal may name (a monthly rule's week and weekday
 * are refused together under `nth`); a refusal naming a field not shown goes at the top.
 */
function shownFields(repeat: string, audience: string): FieldName[] {
  return [
    'kind',
    'title',
    'place',
    'startTime',
    'endTime',
    'repeat',
    'firstDay',
    ...(repeat === 'none' ? [] : (['untilDay'] as const)),
    ...(repeat === 'weekly' ? (['weekdays'] as const) : []),
    ...(repeat === 'monthly' ? (['nth'] as const) : []),
    'audience',
    ...(audience === 'levels' ? (['levelFrom', 'levelTo'] as const) : []),
    ...(audience === 'category' ? (['category'] as const) : []),
    'attendanceRequired',
    'graceMinutes',
  ];
}

const NTHS = [
  { value: '1', label: 'First' },
  { value: '2', label: 'Second' },
  { value: '3', label: 'Third' },
  { value: '4', label: 'Fourth' },
  { value: '-1', label: 'Last' },
];
const WEEKDAYS = WEEKDAY_LABELS.map((label, day) => ({ value: String(day), label }));
const LEVELS = ['1', '2', '3', '4', '5'].map((level) => ({ value: level, label: `Level ${level}` }));

export function valuesOf(series: Series | undefined): SeriesFormValues {
  if (!series) {
    return {
      kind: 'training',
      title: '',
      place: '',
      startTime: '09:00',
      endTime: '13:00',
      repeat: 'weekly',
      firstDay: todayInLagos(),
      untilDay: '',
      weekdays: [],
      nth: '1',
      monthWeekday: '5',
      audience: 'enrolled',
      levelFrom: '1',
      levelTo: '5',
      category: '',
      attendanceRequired: true,
      graceMinutes: '15',
    };
  }
  return {
    kind: series.kind,
    title: series.title,
    place: series.place,
    startTime: series.startTime,
    endTime: series.endTime,
    repeat: series.repeat,
    firstDay: series.firstDay,
    untilDay: series.untilDay ?? '',
    weekdays: series.repeat === 'weekly' ? series.weekdays.map(String) : [],
    nth: String(series.nth ?? 1),
    monthWeekday: String(series.weekdays[0] ?? 5),
    audience: series.audience,
    levelFrom: String(series.levelFrom ?? 1),
    levelTo: String(series.levelTo ?? 5),
    category: series.category ?? '',
    attendanceRequired: series.attendanceRequired,
    graceMinutes: String(series.graceMinutes),
  };
}

/** The API's body: only what the chosen repeat and audience use; the server checks the rest. */
function bodyOf(values: SeriesFormValues): SessionSeriesInput {
  return {
    kind: values.kind,
    title: values.title,
    place: values.place,
    startTime: values.startTime,
    endTime: values.endTime,
    repeat: values.repeat,
    firstDay: values.firstDay,
    untilDay: values.repeat !== 'none' && values.untilDay ? values.untilDay : null,
    weekdays:
      values.repeat === 'weekly' ? [values.weekdays].flat().filter(Boolean).map(Number) : values.repeat === 'monthly' ? [Number(values.monthWeekday)] : [],
    nth: values.repeat === 'monthly' ? Number(values.nth) : null,
    audience: values.audience,
    levelFrom: values.audience === 'levels' ? Number(values.levelFrom) : null,
    levelTo: values.audience === 'levels' ? Number(values.levelTo) : null,
    // Left out unless a category is expected (the field takes text or nothing, not null).
    category: values.audience === 'category' && values.category ? values.category : undefined,
    attendanceRequired: values.attendanceRequired,
    graceMinutes: values.graceMinutes === '' ? Number.NaN : Number(values.graceMinutes),
  } as SessionSeriesInput;
}

interface SeriesFormProps {
  series: Series | undefined;
  pending: boolean;
  onSave: (body: SessionSeriesInput, failed: (error: Error) => void) => void;
}

/** A series of sessions: what, where, when and how it repeats, who is expected. Refusals show under their fields. */
export function SeriesForm({ series, pending, onSave }: SeriesFormProps) {
  const {
    register,
    handleSubmit,
    setError,
    control,
    formState: { errors },
  } = useForm<SeriesFormValues>({ defaultValues: valuesOf(series) });
  const [formError, setFormError] = useState<string | null>(null);
  const repeat = useWatch({ control, name: 'repeat' });
  const audience = useWatch({ control, name: 'audience' });
  const weekdaysError = (errors.weekdays as { message?: string } | undefined)?.message;

  const onSubmit = handleSubmit((values) => {
    setFormError(null);
    onSave(bodyOf(values), (error) => {
      if (!showFieldErrors(error, setError, shownFields(values.repeat, values.audience))) setFormError(error.message);
    });
  });

  return (
    <form className="form form--grid card" noValidate aria-label={series ? 'Edit the session' : 'New session'} onSubmit={(event) => void onSubmit(event)}>
      <SelectField label="Kind" options={SESSION_KINDS} {...register('kind')} error={errors.kind?.message} />
      <TextField label="Title" maxLength={120} {...register('title')} error={errors.title?.message} />
      <div className="form__full">
        <TextField label="Place" maxLength={200} {...register('place')} error={errors.place?.message} />
      </div>
      <TextField label="Starts (Lagos time)" type="time" {...register('startTime')} error={errors.startTime?.message} />
      <TextField label="Ends (Lagos time)" type="time" {...register('endTime')} error={errors.endTime?.message} />
      <SelectField label="Repeats" options={REPEATS} {...register('repeat')} error={errors.repeat?.message} />
      <TextField label={repeat === 'none' ? 'Date' : 'First date'} type="date" {...register('firstDay')} error={errors.firstDay?.message} />
      {repeat !== 'none' && (
        <TextField
          label="Last date (optional)"
          type="date"
          hint="Blank: it goes on until it is given one."
          {...register('untilDay')}
          error={errors.untilDay?.message}
        />
      )}
      {repeat === 'weekly' && (
        <fieldset className="schedule__days form__full" aria-describedby={weekdaysError ? 'weekdays-error' : undefined}>
          <legend className="field__label">On these days</legend>
          <div className="schedule__days-list">
            {WEEKDAYS.map((day) => (
              <CheckboxField key={day.value} label={day.label} value={day.value} {...register('weekdays')} />
            ))}
          </div>
          {weekdaysError && (
            <p className="field__error" id="weekdays-error" role="alert">
              {weekdaysError}
            </p>
          )}
        </fieldset>
      )}
      {repeat === 'monthly' && (
        <>
          <SelectField label="Week of the month" options={NTHS} {...register('nth')} error={errors.nth?.message} />
          <SelectField label="Weekday" options={WEEKDAYS} {...register('monthWeekday')} />
        </>
      )}
      <SelectField label="Expected" options={AUDIENCES} {...register('audience')} error={errors.audience?.message} />
      {audience === 'levels' && (
        <>
          <SelectField label="Lowest level" options={LEVELS} {...register('levelFrom')} error={errors.levelFrom?.message} />
          <SelectField label="Highest level" options={LEVELS} {...register('levelTo')} error={errors.levelTo?.message} />
        </>
      )}
      {audience === 'category' && (
        <SelectField label="Category" placeholder="Choose a category" options={INDUSTRIES} {...register('category')} error={errors.category?.message} />
      )}
      <TextField
        label="Grace before late (minutes)"
        type="number"
        inputMode="numeric"
        min={0}
        max={240}
        {...register('graceMinutes')}
        error={errors.graceMinutes?.message}
      />
      <div className="form__full">
        <CheckboxField
          label="Attendance required (a missed meeting or company event is fined)"
          {...register('attendanceRequired')}
          error={errors.attendanceRequired?.message}
        />
        <FormError message={formError} />
        <div className="form__actions">
          <button type="submit" className="button button--primary" disabled={pending}>
            {pending ? <ButtonSpinner /> : null} {series ? 'Save the session' : 'Add the session'}
          </button>
        </div>
      </div>
    </form>
  );
}
