import { and, asc, desc, eq, or, type SQL, sql } from 'drizzle-orm';
import { ageBand } from '../../shared/ages.js';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { TalentMeasurements } from '../../shared/schemas/talent.js';
import type { TalentMeasurement } from '../../shared/talent-options.js';
import type { AppContext } from '../context.js';
import type { Executor } from '../db/client.js';
import { guardians, submissions, talentPhotos, talentProfiles, users } from '../db/schema.js';
import { adultByBirth, ageInYears } from '../privacy/adults.js';

/** The SQL the talent services share: measurements read from the artist form, what "listed" means, a profile's photos. */

/**
 * The member's latest artist membership submission: measurements are read from it at query time,
 * so a member who sends the form again shows the new values without touching the profile.
 */
export function latestArtistSubmission(ctx: AppContext, userId: AnyPgColumn) {
  return ctx.db
    .select({ data: submissions.data })
    .from(submissions)
    .where(and(eq(submissions.userId, userId), eq(submissions.form, 'artist-membership')))
    .orderBy(desc(submissions.createdAt), desc(submissions.id))
    .limit(1)
    .as('artist');
}

/** Measurement columns computed from the submission's JSON and the member's date of birth on `today` in Lagos (never from the client). */
export function measurementColumns(data: AnyPgColumn, today: string) {
  const num = (key: string) => sql`case when jsonb_typeof(${data} -> ${sql.raw(`'${key}'`)}) = 'number' then (${data} ->> ${sql.raw(`'${key}'`)})::numeric end`;
  const str = (key: string) => sql<string | null>`nullif(trim(${data} ->> ${sql.raw(`'${key}'`)}), '')`;
  return {
    heightCm: sql<number | null>`round((${num('heightFt')} * 12 + coalesce(${num('heightInch')}, 0)) * 2.54)::int`,
    weight: sql<number | null>`${num('weight')}::float8`,
    chest: sql<number | null>`${num('chest')}::float8`,
    hairColor: str('hairColor'),
    eyeColor: str('eyeColor'),
    gender: str('gender'),
    state: str('stateOfResidence'),
    // A child's age and date of birth are never public: at most a band, when the guardian allowed it.
    age: sql<number | null>`case when ${adultByBirth(today)} then ${ageInYears(today)} end`,
    childAge: sql<number | null>`case when not ${adultByBirth(today)} and ${guardianAllows(guardians.allowsAgeBand)} then ${ageInYears(today)} end`,
  };
}

/** The member's guardian confirmed and allowed this (a boolean column of `guardians`). */
function guardianAllows(permission: AnyPgColumn): SQL {
  return sql`exists (select 1 from ${guardians} where ${guardians.userId} = ${users.id} and ${guardians.confirmedAt} is not null and ${guardians.endedAt} is null and ${permission})`;
}

type MeasurementValues = { [K in Exclude<keyof TalentMeasurements, 'ageBand'>]-?: TalentMeasurements[K] | null } & { childAge: number | null };

const MEASUREMENT_KEYS: Record<TalentMeasurement, Exclude<keyof TalentMeasurements, 'ageBand'>> = {
  height: 'heightCm',
  weight: 'weight',
  chest: 'chest',
  hairColor: 'hairColor',
  eyeColor: 'eyeColor',
  gender: 'gender',
  age: 'age',
  state: 'state',
};

/** Only what the talent chose to show, and only what is known. */
export function shownMeasurements(values: MeasurementValues, show: readonly string[]): TalentMeasurements {
  const shown: Record<string, unknown> = {};
  for (const [choice, key] of Object.entries(MEASUREMENT_KEYS)) {
    const value = values[key];
    if (show.includes(choice) && value !== null && value !== undefined) shown[key] = value;
  }
  if (show.includes('age') && values.childAge !== null) shown.ageBand = ageBand(values.childAge);
  return shown as TalentMeasurements;
}

export function knownMeasurements(values: MeasurementValues): TalentMeasurements {
  return shownMeasurements(values, Object.keys(MEASUREMENT_KEYS));
}

export const showsMeasurement = (key: TalentMeasurement) => sql`${talentProfiles.show} @> ${JSON.stringify([key])}::jsonb`;

/**
 * A profile the public may see: published, not hidden by staff, its member still active, and
 * for a member under 18 (by date of birth, on `today` in Lagos), their guardian confirmed and allowed publication.
 */
export const listed = (today: string) =>
  and(
    eq(talentProfiles.published, true),
    eq(talentProfiles.hidden, false),
    eq(users.activated, true),
    or(adultByBirth(today), guardianAllows(guardians.allowsPublication)),
  );

/** "Lagos", "lagos state" and "Lagos State" are the same state; the FCT has several spellings. */
export function stateCondition(stateExpression: SQL, state: string): SQL {
  const normalised = sql`lower(regexp_replace(${stateExpression}, '\\s+state$', '', 'i'))`;
  if (state.startsWith('FCT')) return sql`${normalised} in ('fct', 'abuja', 'fct (abuja)', 'fct abuja', 'federal capital territory')`;
  return sql`${normalised} = ${state.toLowerCase()}`;
}

/** A profile's photos, the primary one first. */
export async function photosOf(db: Executor, profileId: string) {
  return db
    .select({ id: talentPhotos.id, fileId: talentPhotos.fileId, primary: talentPhotos.primary })
    .from(talentPhotos)
    .where(eq(talentPhotos.profileId, profileId))
    .orderBy(desc(talentPhotos.primary), asc(talentPhotos.createdAt), asc(talentPhotos.id));
}
