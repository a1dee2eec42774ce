import { randomBytes } from 'node:crypto';
import { and, asc, count, desc, eq, inArray, ne, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { z } from 'zod';
import { formatNaira } from '../../shared/money.js';
import { type BookingRequest, type bookingRequestSchema, type BookingRequestSummary, type MyTalentProfile, type PublicTalentProfile, type TalentCard, type TalentDirectoryPage, type TalentMeasurements, type talentProfileSchema, type TalentProfileSummary, type TalentQuery } from '../../shared/schemas/talent.js';
import { type BookingState, MAX_TALENT_PHOTOS, TALENT_PAGE_SIZE, TALENT_PHOTO_BOX, type TalentMeasurement } from '../../shared/talent-options.js';
import { recordAudit } from '../audit/audit.js';
import type { AuthUser } from '../auth/sessions.js';
import type { AppContext } from '../context.js';
import type { Executor } from '../db/client.js';
import { uniqueViolation } from '../db/errors.js';
import { bookingRequests, files, submissions, talentPhotos, talentProfiles, users } from '../db/schema.js';
import { cleanPhoto, deleteFiles, fileUrl, withFileTransaction } from '../files/files-service.js';
import type { ReceivedFile } from '../files/multipart.js';
import { badRequest, conflict, forbidden, notFound, unsupportedType } from '../http/errors.js';
import { enqueueMail } from '../mail/outbox.js';
import { mailTemplates } from '../mail/templates.js';
import { notify } from '../notifications/notifications.js';

type ProfileRow = typeof talentProfiles.$inferSelect;
type RequestRow = typeof bookingRequests.$inferSelect;

// ---------------------------------------------------------------- measurements, in SQL

/**
 * The member's latest artist membership submission: measurements are read from it at query time,
 * so a member who sends the form again shows the new values without touching the profile.
 */
function latestArtistSubmission(ctx: AppContext, userId: AnyPgColumn) {
  return ctx.db
    .select({ data: submissions.data })
    .from(submissions)
    .where(and(eq(submissions.userId, userId), eq(submissions.form, 'artist-membership')))
    .orderBy(desc(submissions.createdAt), desc(submissions.id))
    .limit(1)
    .as('artist');
}

/** Measurement columns computed from the submission's JSON and the member's date of birth (never from the client). */
function measurementColumns(data: AnyPgColumn) {
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
    age: sql<number | null>`extract(year from age(current_date, ${users.dob}))::int`,
  };
}

type MeasurementValues = { [K in keyof TalentMeasurements]-?: TalentMeasurements[K] | null };

const MEASUREMENT_KEYS: Record<TalentMeasurement, keyof TalentMeasurements> = {
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
function shownMeasurements(values: MeasurementValues, show: readonly string[]): TalentMeasurements {
  const shown: Record<string, unknown> = {};
  for (const [choice, key] of Object.entries(MEASUREMENT_KEYS)) {
    const value = values[key];
    if (show.includes(choice) && value !== null && value !== undefined) shown[key] = value;
  }
  return shown as TalentMeasurements;
}

function knownMeasurements(values: MeasurementValues): TalentMeasurements {
  return shownMeasurements(values, Object.keys(MEASUREMENT_KEYS));
}

const showsMeasurement = (key: TalentMeasurement) => sql`${talentProfiles.show} @> ${JSON.stringify([key])}::jsonb`;

/** A profile the public may see: published, not hidden by staff, and its member still active. */
const listed = () => and(eq(talentProfiles.published, true), eq(talentProfiles.hidden, false), eq(users.status, true));

/** "Lagos", "lagos state" and "Lagos State" are the same state; the FCT has several spellings. */
function stateCondition(stateExpression: SQL, state: string): SQL {
  const normalised = sql`lower(regexp_replace(${stateExpression}, '\\s+state$', '', 'i'))`;
  if (state.startsWith('FCT')) return sql`${normalised} in ('fct', 'abuja', 'fct (abuja)', 'fct abuja', 'federal capital territory')`;
  return sql`${normalised} = ${state.toLowerCase()}`;
}

// ---------------------------------------------------------------- the public directory

const publicPhotoUrl = (profileId: string, photoId: string) => `/api/talent/${profileId}/photos/${photoId}`;

export async function searchTalent(ctx: AppContext, query: TalentQuery): Promise<TalentDirectoryPage> {
  const artist = latestArtistSubmission(ctx, talentProfiles.userId);
  const m = measurementColumns(artist.data);
  const conditions: (SQL | undefined)[] = [listed()];
  if (query.category) conditions.push(eq(talentProfiles.category, query.category));
  // A filter only matches what a talent shows, so filtering cannot reveal a hidden measurement.
  if (query.gender) conditions.push(showsMeasurement('gender'), sql`${m.gender} = ${query.gender}`);
  if (query.state) conditions.push(showsMeasurement('state'), stateCondition(m.state, query.state));
  if (query.minHeightCm !== undefined || query.maxHeightCm !== undefined) conditions.push(showsMeasurement('height'));
  if (query.minHeightCm !== undefined) conditions.push(sql`${m.heightCm} >= ${query.minHeightCm}`);
  if (query.maxHeightCm !== undefined) conditions.push(sql`${m.heightCm} <= ${query.maxHeightCm}`);
  if (query.minAge !== undefined || query.maxAge !== undefined) conditions.push(showsMeasurement('age'));
  if (query.minAge !== undefined) conditions.push(sql`${m.age} >= ${query.minAge}`);
  if (query.maxAge !== undefined) conditions.push(sql`${m.age} <= ${query.maxAge}`);
  const where = and(...conditions);

  const primary = ctx.db
    .select({ photoId: talentPhotos.id })
    .from(talentPhotos)
    .where(eq(talentPhotos.profileId, talentProfiles.id))
    .orderBy(desc(talentPhotos.primary), asc(talentPhotos.createdAt))
    .limit(1)
    .as('primary_photo');

  const [rows, [total]] = await Promise.all([
    ctx.db
      .select({ id: talentProfiles.id, stageName: talentProfiles.stageName, category: talentProfiles.category, show: talentProfiles.show, photoId: primary.photoId, ...m })
      .from(talentProfiles)
      .innerJoin(users, eq(users.id, talentProfiles.userId))
      .leftJoinLateral(artist, sql`true`)
      .leftJoinLateral(primary, sql`true`)
      .where(where)
      .orderBy(desc(talentProfiles.createdAt), asc(talentProfiles.id))
      .limit(TALENT_PAGE_SIZE)
      .offset((query.page - 1) * TALENT_PAGE_SIZE),
    ctx.db
      .select({ n: count() })
      .from(talentProfiles)
      .innerJoin(users, eq(users.id, talentProfiles.userId))
      .leftJoinLateral(artist, sql`true`)
      .where(where),
  ]);

  const items: TalentCard[] = rows.map((row) => {
    const shown = shownMeasurements(row, row.show);
    return {
      id: row.id,
      stageName: row.stageName,
      category: row.category,
      primaryPhotoUrl: row.photoId ? publicPhotoUrl(row.id, row.photoId) : null,
      ...(shown.gender !== undefined && { gender: shown.gender }),
      ...(shown.state !== undefined && { state: shown.state }),
      ...(shown.heightCm !== undefined && { heightCm: shown.heightCm }),
      ...(shown.age !== undefined && { age: shown.age }),
    };
  });
  return { items, total: total?.n ?? 0, page: query.page, pageSize: TALENT_PAGE_SIZE };
}

async function photosOf(db: Executor, profileId: string) {
  return db
    .select({ id: talentPhotos.id, fileId: talentPhotos.fileId, primary: talentPhotos.primary })
    .from(talentPhotos)
    .where(eq(talentPhotos.profileId, profileId))
    .orderBy(desc(talentPhotos.primary), asc(talentPhotos.createdAt), asc(talentPhotos.id));
}

export async function publicProfile(ctx: AppContext, id: string): Promise<PublicTalentProfile> {
  const artist = latestArtistSubmission(ctx, talentProfiles.userId);
  const [row] = await ctx.db
    .select({ profile: talentProfiles, ...measurementColumns(artist.data) })
    .from(talentProfiles)
    .innerJoin(users, eq(users.id, talentProfiles.userId))
    .leftJoinLateral(artist, sql`true`)
    .where(and(eq(talentProfiles.id, id), listed()));
  if (!row) throw notFound('Talent profile not found');
  const { profile, ...values } = row;
  const photos = await photosOf(ctx.db, profile.id);
  return {
    id: profile.id,
    stageName: profile.stageName,
    category: profile.category,
    bio: profile.bio,
    photos: photos.map((photo) => ({ id: photo.id, url: publicPhotoUrl(profile.id, photo.id), primary: photo.primary })),
    measurements: shownMeasurements(values, profile.show),
  };
}

/** A portfolio photo for anyone, only while its profile is listed. */
export async function publicPhoto(ctx: AppContext, profileId: string, photoId: string) {
  const [row] = await ctx.db
    .select({ file: files })
    .from(talentPhotos)
    .innerJoin(talentProfiles, eq(talentProfiles.id, talentPhotos.profileId))
    .innerJoin(users, eq(users.id, talentProfiles.userId))
    .innerJoin(files, eq(files.id, talentPhotos.fileId))
    .where(and(eq(talentPhotos.id, photoId), eq(talentProfiles.id, profileId), listed()));
  if (!row) throw notFound('Photo not found');
  return row.file;
}

// ---------------------------------------------------------------- the member's own profile

async function ownProfile(db: Executor, userId: string): Promise<ProfileRow | undefined> {
  const [row] = await db.select().from(talentProfiles).where(eq(talentProfiles.userId, userId));
  return row;
}

async function availableMeasurements(ctx: AppContext, userId: string): Promise<TalentMeasurements> {
  const artist = latestArtistSubmission(ctx, users.id);
  const [row] = await ctx.db
    .select(measurementColumns(artist.data))
    .from(users)
    .leftJoinLateral(artist, sql`true`)
    .where(eq(users.id, userId));
  return row ? knownMeasurements(row) : {};
}

export async function myProfile(ctx: AppContext, user: AuthUser): Promise<{ profile: MyTalentProfile | null; available: TalentMeasurements }> {
  const [profile, available] = await Promise.all([ownProfile(ctx.db, user.id), availableMeasurements(ctx, user.id)]);
  if (!profile) return { profile: null, available };
  const photos = await photosOf(ctx.db, profile.id);
  return {
    profile: {
      id: profile.id,
      stageName: profile.stageName,
      category: profile.category,
      bio: profile.bio,
      published: profile.published,
      hidden: profile.hidden,
      show: profile.show as TalentMeasurement[],
      // The member sees their own photos through the owner-only file route, published or not.
      photos: photos.map((photo) => ({ id: photo.id, url: fileUrl(photo.fileId), primary: photo.primary })),
      available,
    },
    available,
  };
}

export async function saveMyProfile(ctx: AppContext, user: AuthUser, input: z.output<typeof talentProfileSchema>): Promise<void> {
  if (input.published && !user.status) throw forbidden('Only activated members can publish a talent profile.');
  await ctx.db.transaction(async (tx) => {
    const existing = await ownProfile(tx, user.id);
    if (input.published) {
      const [photos] = existing ? await tx.select({ n: count() }).from(talentPhotos).where(eq(talentPhotos.profileId, existing.id)) : [];
      if (!photos?.n) throw badRequest('Add at least one photo before publishing');
    }
    const values = { ...input, updatedAt: new Date() };
    await tx
      .insert(talentProfiles)
      .values({ userId: user.id, ...values })
      .onConflictDoUpdate({ target: talentProfiles.userId, set: values });
  });
}

/** A file whose first bytes claim an image but that does not decode is refused like a wrong type. */
async function readablePhoto(data: Buffer) {
  try {
    return await cleanPhoto(data, TALENT_PHOTO_BOX);
  } catch {
    throw unsupportedType('Photo could not be read as an image');
  }
}

export async function addPhoto(ctx: AppContext, user: AuthUser, upload: ReceivedFile | undefined): Promise<void> {
  if (!upload) throw badRequest('Photo is required');
  const photo = await readablePhoto(upload.data);
  await withFileTransaction(ctx, async (tx, store) => {
    // Locks the profile so two uploads at once cannot both be the sixth.
    const [profile] = await tx.select().from(talentProfiles).where(eq(talentProfiles.userId, user.id)).for('update');
    if (!profile) throw badRequest('Save your talent profile before adding photos');
    const [existing] = await tx.select({ n: count() }).from(talentPhotos).where(eq(talentPhotos.profileId, profile.id));
    const n = existing?.n ?? 0;
    if (n >= MAX_TALENT_PHOTOS) throw badRequest(`A talent profile has at most ${MAX_TALENT_PHOTOS} photos. Delete one to add another.`);
    const stored = await store({ ownerId: user.id, purpose: 'talent-photo', ...photo });
    await tx.insert(talentPhotos).values({ profileId: profile.id, fileId: stored.id, primary: n === 0 });
  });
}

async function ownPhoto(db: Executor, userId: string, photoId: string) {
  const [row] = await db
    .select({ photo: talentPhotos, profile: talentProfiles })
    .from(talentPhotos)
    .innerJoin(talentProfiles, eq(talentProfiles.id, talentPhotos.profileId))
    .where(and(eq(talentPhotos.id, photoId), eq(talentProfiles.userId, userId)));
  if (!row) throw notFound('Photo not found');
  return row;
}

/** Deletes a photo; the next one becomes primary, and a profile left without photos is unpublished. */
export async function deletePhoto(ctx: AppContext, user: AuthUser, photoId: string): Promise<{ unpublished: boolean }> {
  const { file, unpublished } = await ctx.db.transaction(async (tx) => {
    const { photo, profile } = await ownPhoto(tx, user.id, photoId);
    await tx.delete(talentPhotos).where(eq(talentPhotos.id, photo.id));
    const [next] = await photosOf(tx, profile.id);
    if (next && photo.primary) await tx.update(talentPhotos).set({ primary: true }).where(eq(talentPhotos.id, next.id));
    const unpublished = !next && profile.published;
    if (unpublished) await tx.update(talentProfiles).set({ published: false, updatedAt: new Date() }).where(eq(talentProfiles.id, profile.id));
    const [file] = await tx.select({ id: files.id, storageKey: files.storageKey }).from(files).where(eq(files.id, photo.fileId));
    return { file, unpublished };
  });
  await deleteFiles(ctx, file ? [file] : []);
  return { unpublished };
}

export async function setPrimaryPhoto(ctx: AppContext, user: AuthUser, photoId: string): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    const { profile } = await ownPhoto(tx, user.id, photoId);
    await tx
      .update(talentPhotos)
      .set({ primary: sql`${talentPhotos.id} = ${photoId}` })
      .where(eq(talentPhotos.profileId, profile.id));
  });
}

// ---------------------------------------------------------------- booking requests

function requestView(row: RequestRow): BookingRequest {
  return {
    id: row.id,
    reference: row.reference,
    state: row.state,
    businessName: row.businessName,
    contactName: row.contactName,
    email: row.email,
    phone: row.phone,
    dateFrom: row.dateFrom,
    dateTo: row.dateTo,
    location: row.location,
    budgetKobo: row.budgetKobo,
    message: row.message,
    responseMessage: row.responseMessage,
    createdAt: row.createdAt.toISOString(),
  };
}

/** BK- and six hex digits: short enough to read out on the phone. */
function newReference(): string {
  return `BK-${randomBytes(3).toString('hex').toUpperCase()}`;
}

function requestSummary(input: z.output<typeof bookingRequestSchema>, budgetKobo: number): string {
  return `${input.businessName} (${input.contactName}, ${input.email}, ${input.phone}) from ${input.dateFrom} to ${input.dateTo} in ${input.location}, budget ${formatNaira(budgetKobo)}. Message: ${input.message}`;
}

/** A business asks a listed talent for a booking; no account needed. */
export async function createRequest(ctx: AppContext, profileId: string, input: z.output<typeof bookingRequestSchema>): Promise<{ reference: string }> {
  const [talent] = await ctx.db
    .select({ profileId: talentProfiles.id, stageName: talentProfiles.stageName, userId: users.id, email: users.email, fullName: users.fullName })
    .from(talentProfiles)
    .innerJoin(users, eq(users.id, talentProfiles.userId))
    .where(and(eq(talentProfiles.id, profileId), listed()));
  if (!talent) throw notFound('Talent profile not found');
  const budgetKobo = Math.round(input.budgetNaira * 100);
  const summary = requestSummary(input, budgetKobo);
  for (let attempt = 0; ; attempt++) {
    const reference = newReference();
    try {
      await ctx.db.transaction(async (tx) => {
        await tx.insert(bookingRequests).values({
          reference,
          profileId: talent.profileId,
          businessName: input.businessName,
          contactName: input.contactName,
          email: input.email,
          phone: input.phone,
          dateFrom: input.dateFrom,
          dateTo: input.dateTo,
          location: input.location,
          budgetKobo,
          message: input.message,
        });
        await notify(tx, talent.userId, 'booking-request', `New booking request ${reference} from ${input.businessName}. Open your talent profile to answer it.`);
        await enqueueMail(tx, mailTemplates.bookingReceived(ctx.mailer.brand, input.email, input.contactName, reference, talent.stageName));
        await enqueueMail(tx, mailTemplates.bookingForTalent(ctx.mailer.brand, talent.email, talent.fullName, reference, summary));
        if (ctx.config.admin) {
          await enqueueMail(tx, mailTemplates.bookingForStaff(ctx.mailer.brand, ctx.config.admin.email, reference, `${talent.stageName} asked by ${summary}`));
        }
      });
      ctx.mailer.nudge();
      return { reference };
    } catch (error) {
      // Another request took the same reference: draw again.
      if (attempt < 5 && uniqueViolation(error) === 'booking_requests_reference_key') continue;
      throw error;
    }
  }
}

export async function myRequests(ctx: AppContext, user: AuthUser): Promise<BookingRequest[]> {
  const rows = await ctx.db
    .select({ request: bookingRequests })
    .from(bookingRequests)
    .innerJoin(talentProfiles, eq(talentProfiles.id, bookingRequests.profileId))
    .where(eq(talentProfiles.userId, user.id))
    .orderBy(desc(bookingRequests.createdAt), desc(bookingRequests.id))
    .limit(200);
  return rows.map((row) => requestView(row.request));
}

/** The talent accepts or declines a new request once; the business is told by email. */
export async function answerRequest(ctx: AppContext, user: AuthUser, id: string, accept: boolean, message: string | undefined): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    const [owned] = await tx
      .select({ request: bookingRequests, stageName: talentProfiles.stageName })
      .from(bookingRequests)
      .innerJoin(talentProfiles, eq(talentProfiles.id, bookingRequests.profileId))
      .where(and(eq(bookingRequests.id, id), eq(talentProfiles.userId, user.id)));
    if (!owned) throw notFound('Booking request not found');
    const [updated] = await tx
      .update(bookingRequests)
      .set({ state: accept ? 'accepted' : 'declined', responseMessage: message ?? null, respondedAt: new Date() })
      .where(and(eq(bookingRequests.id, id), eq(bookingRequests.state, 'new')))
      .returning();
    if (!updated) throw conflict(`This booking request was already ${owned.request.state}.`);
    await enqueueMail(
      tx,
      mailTemplates.bookingAnswered(ctx.mailer.brand, updated.email, updated.contactName, updated.reference, owned.stageName, accept, message ?? null),
    );
  });
  ctx.mailer.nudge();
}

// ---------------------------------------------------------------- staff

export async function listRequests(ctx: AppContext, status: BookingState | 'all'): Promise<BookingRequestSummary[]> {
  const rows = await ctx.db
    .select({ request: bookingRequests, stageName: talentProfiles.stageName, memberName: users.fullName, memberEmail: users.email })
    .from(bookingRequests)
    .innerJoin(talentProfiles, eq(talentProfiles.id, bookingRequests.profileId))
    .innerJoin(users, eq(users.id, talentProfiles.userId))
    .where(status === 'all' ? undefined : eq(bookingRequests.state, status))
    .orderBy(desc(bookingRequests.createdAt), desc(bookingRequests.id))
    .limit(500);
  return rows.map((row) => ({
    ...requestView(row.request),
    profileId: row.request.profileId,
    stageName: row.stageName,
    memberName: row.memberName,
    memberEmail: row.memberEmail,
  }));
}

export async function closeRequest(ctx: AppContext, staff: AuthUser, id: string): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    const [updated] = await tx
      .update(bookingRequests)
      .set({ state: 'closed', closedBy: staff.id, closedAt: new Date() })
      .where(and(eq(bookingRequests.id, id), ne(bookingRequests.state, 'closed')))
      .returning({ reference: bookingRequests.reference });
    if (!updated) {
      const [exists] = await tx.select({ id: bookingRequests.id }).from(bookingRequests).where(eq(bookingRequests.id, id));
      if (!exists) throw notFound('Booking request not found');
      throw conflict('This booking request is already closed.');
    }
    await recordAudit(tx, { actor: staff, action: 'booking.closed', subjectType: 'booking_request', subjectId: id, details: { reference: updated.reference } });
  });
}

export async function listProfiles(ctx: AppContext): Promise<TalentProfileSummary[]> {
  const rows = await ctx.db
    .select({ profile: talentProfiles, memberName: users.fullName, memberEmail: users.email })
    .from(talentProfiles)
    .innerJoin(users, eq(users.id, talentProfiles.userId))
    .orderBy(desc(talentProfiles.updatedAt))
    .limit(500);
  const ids = rows.map((row) => row.profile.id);
  const [photoCounts, requestCounts] = ids.length
    ? await Promise.all([
        ctx.db.select({ id: talentPhotos.profileId, n: count() }).from(talentPhotos).where(inArray(talentPhotos.profileId, ids)).groupBy(talentPhotos.profileId),
        ctx.db.select({ id: bookingRequests.profileId, n: count() }).from(bookingRequests).where(inArray(bookingRequests.profileId, ids)).groupBy(bookingRequests.profileId),
      ])
    : [[], []];
  const countOf = (list: { id: string; n: number }[], id: string) => list.find((c) => c.id === id)?.n ?? 0;
  return rows.map(({ profile, memberName, memberEmail }) => ({
    id: profile.id,
    stageName: profile.stageName,
    category: profile.category,
    published: profile.published,
    hidden: profile.hidden,
    hiddenReason: profile.hiddenReason,
    memberName,
    memberEmail,
    photoCount: countOf(photoCounts, profile.id),
    requestCount: countOf(requestCounts, profile.id),
  }));
}

/** Staff take a profile that breaks the terms out of the directory, or put it back. */
export async function setProfileHidden(ctx: AppContext, staff: AuthUser, id: string, hidden: boolean, reason?: string): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    const [profile] = await tx
      .update(talentProfiles)
      .set({ hidden, hiddenReason: hidden ? (reason ?? null) : null })
      .where(eq(talentProfiles.id, id))
      .returning();
    if (!profile) throw notFound('Talent profile not found');
    await recordAudit(tx, {
      actor: staff,
      action: hidden ? 'talent.hidden' : 'talent.unhidden',
      subjectType: 'talent_profile',
      subjectId: id,
      details: hidden ? { reason } : {},
    });
    await notify(
      tx,
      profile.userId,
      hidden ? 'talent-hidden' : 'talent-unhidden',
      hidden ? `Staff took your talent profile out of the directory: ${reason ?? ''}`.trim() : 'Staff put your talent profile back in the directory.',
    );
  });
}
