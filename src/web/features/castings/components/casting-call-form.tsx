import { type FormEvent, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { CASTING_GENDERS, CASTING_HOURS, CAST_PER_ROLE, DEFAULT_COUNT_UP_TO_LEVEL, MAX_ROLES_PER_CALL, nextCastingFriday } from '../../../../shared/castings';
import { shiftDate, todayInLagos } from '../../../../shared/dates';
import type { CastingCallInput } from '../../../../shared/schemas/castings';
import { TALENT_CATEGORIES } from '../../../../shared/talent-options';
import { useFlash } from '../../../components/flash-context';
import { FormError } from '../../../components/form-error';
import { SelectField, TextAreaField, TextField } from '../../../components/form-field';
import { QueryView } from '../../../components/query-view';
import { ButtonSpinner } from '../../../components/spinner';
import { ApiError } from '../../../lib/api';
import { useCastingDraft, usePostCasting } from '../api/review-castings';
import './castings.css';

type RoleDraft = Record<'title' | 'category' | 'gender' | 'minAge' | 'maxAge' | 'minLevel' | 'maxLevel' | 'count', string>;
type CallDraft = Record<'project' | 'description' | 'castingDay' | 'time' | 'place' | 'deadline', string> & { roles: RoleDraft[]; bookingRequestId?: string };

const newRole = (): RoleDraft => ({ title: '', category: 'movie', gender: 'any', minAge: '18', maxAge: '40', minLevel: '1', maxLevel: '3', count: '' });

function blankCall(): CallDraft {
  const castingDay = nextCastingFriday(shiftDate(todayInLagos(), 1));
  return { project: '', description: '', castingDay, time: CASTING_HOURS, place: '', deadline: shiftDate(castingDay, -2), roles: [newRole()] };
}

function fromDraft(draft: CastingCallInput): CallDraft {
  return {
    project: draft.project,
    description: draft.description ?? '',
    castingDay: draft.castingDay,
    time: draft.time,
    place: draft.place,
    deadline: draft.deadline,
    bookingRequestId: draft.bookingRequestId,
    roles: draft.roles.map((role) => ({
      title: role.title,
      category: role.category,
      gender: role.gender,
      minAge: String(role.minAge),
      maxAge: String(role.maxAge),
      minLevel: String(role.minLevel),
      maxLevel: String(role.maxLevel),
      count: role.count === undefined ? '' : String(role.count),
    })),
  };
}

/** /admin/castings/new (?booking=… fills it from a business's booking request). */
export function CastingCallFormPage() {
  const [params] = useSearchParams();
  const booking = params.get('booking');
  const draft = useCastingDraft(booking);
  if (!booking) return <CastingCallForm initial={blankCall()} />;
  return <QueryView query={draft}>{(data) => <CastingCallForm initial={fromDraft(data)} fromBooking />}</QueryView>;
}

function CastingCallForm({ initial, fromBooking = false }: { initial: CallDraft; fromBooking?: boolean }) {
  const [call, setCall] = useState<CallDraft>(initial);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const post = usePostCasting();
  const flash = useFlash();
  const navigate = useNavigate();

  // A field's refusal goes once it is changed; the form's own message once anything is.
  const forget = (key: string) => setErrors((shown) => Object.fromEntries(Object.entries(shown).filter(([k]) => k !== key && k !== 'form')));
  const setField = (field: keyof Omit<CallDraft, 'roles' | 'bookingRequestId'>) => (event: { target: { value: string } }) => {
    forget(field);
    setCall((c) => ({ ...c, [field]: event.target.value }));
  };
  const setRole = (index: number, field: keyof RoleDraft) => (event: { target: { value: string } }) => {
    forget(`roles.${index}.${field}`);
    // The number to cast is required by the highest level: changing either settles the other's refusal too.
    if (field === 'maxLevel') forget(`roles.${index}.count`);
    setCall((c) => ({ ...c, roles: c.roles.map((role, i) => (i === index ? { ...role, [field]: event.target.value } : role)) }));
  };

  function submit(event: FormEvent) {
    event.preventDefault();
    setErrors({});
    const body: CastingCallInput = {
      ...call,
      roles: call.roles.map((role) => ({
        ...role,
        category: role.category as CastingCallInput['roles'][number]['category'],
        gender: role.gender as CastingCallInput['roles'][number]['gender'],
        count: role.count === '' ? undefined : role.count,
      })),
    } as CastingCallInput;
    post.mutate(body, {
      onSuccess: (answer) => {
        flash.showSuccess(answer.message);
        void navigate(`/admin/castings/${answer.call.id}`);
      },
      onError: (failure) => {
        const byField = failure instanceof ApiError && failure.fields ? Object.fromEntries(failure.fields.map((f) => [f.field, f.message])) : {};
        setErrors({ ...byField, form: failure.message });
      },
    });
  }

  return (
    <div className="admin__section">
      <div className="admin__toolbar">
        <h2>Post a casting call</h2>
        <Link to="/admin/castings">Back to casting calls</Link>
      </div>
      {fromBooking && <p className="muted">Filled from the business’s booking request: check each field before posting.</p>}
      <form className="card admin__event-form" onSubmit={submit} aria-label="Post a casting call" noValidate>
        <TextField label="Project" name="project" value={call.project} onChange={setField('project')} required maxLength={160} error={errors.project} />
        <TextAreaField
          label="Description (optional)"
          name="description"
          value={call.description}
          onChange={setField('description')}
          rows={3}
          maxLength={2000}
          error={errors.description}
        />
        <div className="admin__event-when">
          <TextField
            label="Casting date"
            name="castingDay"
            type="date"
            value={call.castingDay}
            onChange={setField('castingDay')}
            required
            error={errors.castingDay}
          />
          <TextField label="Time" name="time" value={call.time} onChange={setField('time')} required maxLength={40} error={errors.time} />
        </div>
        <TextField label="Place" name="place" value={call.place} onChange={setField('place')} required maxLength={200} error={errors.place} />
        <TextField
          label="Deadline (last day to apply)"
          name="deadline"
          type="date"
          value={call.deadline}
          onChange={setField('deadline')}
          required
          error={errors.deadline}
        />
        {call.roles.map((role, index) => (
          <fieldset key={index} className="castings__role-fields" aria-label={`Role ${index + 1}`}>
            <legend>Role {index + 1}</legend>
            <TextField
              label="Role"
              name={`roles.${index}.title`}
              value={role.title}
              onChange={setRole(index, 'title')}
              required
              maxLength={120}
              error={errors[`roles.${index}.title`]}
            />
            <div className="admin__event-when">
              <SelectField
                label="Category"
                name={`roles.${index}.category`}
                options={TALENT_CATEGORIES}
                value={role.category}
                onChange={setRole(index, 'category')}
              />
              <SelectField label="Gender" name={`roles.${index}.gender`} options={CASTING_GENDERS} value={role.gender} onChange={setRole(index, 'gender')} />
            </div>
            <div className="admin__event-when">
              <TextField
                label="Youngest age"
                name={`roles.${index}.minAge`}
                type="number"
                inputMode="numeric"
                value={role.minAge}
                onChange={setRole(index, 'minAge')}
                error={errors[`roles.${index}.minAge`]}
              />
              <TextField
                label="Oldest age"
                name={`roles.${index}.maxAge`}
                type="number"
                inputMode="numeric"
                value={role.maxAge}
                onChange={setRole(index, 'maxAge')}
                error={errors[`roles.${index}.maxAge`]}
              />
            </div>
            <div className="admin__event-when">
              <TextField
                label="Lowest level"
                name={`roles.${index}.minLevel`}
                type="number"
                inputMode="numeric"
                value={role.minLevel}
                onChange={setRole(index, 'minLevel')}
                error={errors[`roles.${index}.minLevel`]}
              />
              <TextField
                label="Highest level"
                name={`roles.${index}.maxLevel`}
                type="number"
                inputMode="numeric"
                value={role.maxLevel}
                onChange={setRole(index, 'maxLevel')}
                error={errors[`roles.${index}.maxLevel`]}
              />
            </div>
            <TextField
              label="How many to cast"
              name={`roles.${index}.count`}
              type="number"
              inputMode="numeric"
              value={role.count}
              onChange={setRole(index, 'count')}
              hint={`Blank: ${CAST_PER_ROLE}, as the terms say for levels 1-${DEFAULT_COUNT_UP_TO_LEVEL}.`}
              error={errors[`roles.${index}.count`]}
            />
            {call.roles.length > 1 && (
              <button type="button" className="button button--ghost" onClick={() => setCall((c) => ({ ...c, roles: c.roles.filter((_, i) => i !== index) }))}>
                Remove role {index + 1}
              </button>
            )}
          </fieldset>
        ))}
        {call.roles.length < MAX_ROLES_PER_CALL && (
          <button type="button" className="button button--ghost" onClick={() => setCall((c) => ({ ...c, roles: [...c.roles, newRole()] }))}>
            Add a role
          </button>
        )}
        <FormError message={errors.form} />
        <button type="submit" className="button button--primary" disabled={post.isPending}>
          {post.isPending && <ButtonSpinner />} Post casting call
        </button>
      </form>
    </div>
  );
}
