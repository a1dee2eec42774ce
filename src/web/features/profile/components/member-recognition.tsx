import { type FormEvent, useState } from 'react';
import { todayInLagos } from '../../../../shared/dates';
import { displayDate } from '../../../../shared/display-date';
import { MEMBER_LEVELS } from '../../../../shared/schemas/recognition';
import type { User } from '../../../../shared/schemas/users';
import { useFlash } from '../../../components/flash-context';
import { SelectField, TextAreaField, TextField } from '../../../components/form-field';
import { ButtonSpinner } from '../../../components/spinner';
import { useAwardAchievement, useRemoveAchievement, useSetLevel } from '../api/recognition';
import { fieldErrors } from '../../../lib/field-errors';

const LEVEL_OPTIONS = MEMBER_LEVELS.map((level) => ({ value: String(level), label: `Level ${level}` }));

/** On a member's console page: their level (1-5, from the terms) and achievements, as their dashboard shows them. */
export function MemberRecognition({ member }: { member: User }) {
  if (member.role !== 'member') return null;
  return (
    <section aria-labelledby="recognition-title">
      <h3 id="recognition-title">Level and achievements</h3>
      <LevelForm member={member} />
      <AchievementList member={member} />
      <AwardForm memberId={member.id} />
    </section>
  );
}

function LevelForm({ member }: { member: User }) {
  const setLevel = useSetLevel(member.id);
  const flash = useFlash();
  const [level, setChosen] = useState(String(member.level));
  const [error, setError] = useState<string>();
  function submit(event: FormEvent) {
    event.preventDefault();
    setError(undefined);
    setLevel.mutate(Number(level), { onSuccess: ({ message }) => flash.showSuccess(message), onError: (failure) => setError(failure.message) });
  }
  return (
    <form className="admin__inline-form" onSubmit={submit} aria-label="Member level">
      <SelectField label="Level" name="level" options={LEVEL_OPTIONS} value={level} onChange={(e) => setChosen(e.target.value)} error={error} />
      <button type="submit" className="button button--primary" disabled={setLevel.isPending || level === String(member.level)}>
        {setLevel.isPending && <ButtonSpinner />} Set level
      </button>
    </form>
  );
}

function AchievementList({ member }: { member: User }) {
  const remove = useRemoveAchievement(member.id);
  const flash = useFlash();
  if (member.achievements.length === 0) return <p className="muted">No achievements yet.</p>;
  return (
    <ul className="admin__plain-list">
      {member.achievements.map((achievement) => (
        <li key={achievement.id}>
          <strong>{achievement.title}</strong>: {achievement.description}
          {achievement.awardedAt && <span className="muted"> · {displayDate(todayInLagos(new Date(achievement.awardedAt)))}</span>}{' '}
          <button
            type="button"
            className="button button--ghost"
            disabled={remove.isPending}
            aria-label={`Remove the achievement ${achievement.title}`}
            onClick={() =>
              remove.mutate(achievement.id, { onSuccess: ({ message }) => flash.showSuccess(message), onError: (failure) => flash.showError(failure.message) })
            }
          >
            Remove
          </button>
        </li>
      ))}
    </ul>
  );
}

function AwardForm({ memberId }: { memberId: string }) {
  const award = useAwardAchievement(memberId);
  const flash = useFlash();
  const [title, setTitle] = useState('');
  const [description, setDescription] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  function submit(event: FormEvent) {
    event.preventDefault();
    setErrors({});
    award.mutate(
      { title, description },
      {
        onSuccess: ({ message }) => {
          flash.showSuccess(message);
          setTitle('');
          setDescription('');
        },
        onError: (failure) => setErrors(fieldErrors(failure)),
      },
    );
  }
  return (
    <form className="card admin__stack-form" onSubmit={submit} aria-label="Award an achievement" noValidate>
      <h4>Award an achievement</h4>
      <TextField
        label="Achievement title"
        name="title"
        value={title}
        onChange={(e) => setTitle(e.target.value)}
        maxLength={120}
        required
        error={errors.title}
      />
      <TextAreaField
        label="Description"
        name="description"
        rows={3}
        value={description}
        onChange={(e) => setDescription(e.target.value)}
        maxLength={1000}
        required
        error={errors.description}
      />
      {errors.form && (
        <p className="form__error" role="alert">
          {errors.form}
        </p>
      )}
      <button type="submit" className="button button--primary" disabled={award.isPending}>
        {award.isPending && <ButtonSpinner />} Award
      </button>
    </form>
  );
}
