import { and, asc, count, desc, eq, type SQL, sql } from 'drizzle-orm';
import type { PublicTalentProfile, TalentCard, TalentDirectoryPage, TalentQuery } from '../../shared/schemas/talent.js';
import { TALENT_PAGE_SIZE } from '../../shared/talent-options.js';
import { todayInLagos } from '../../shared/dates.js';
import type { AppContext } from '../context.js';
import { files, talentPhotos, talentProfiles, users } from '../db/schema.js';
import { notFound } from '../http/errors.js';
import { latestArtistSubmission, listed, measurementColumns, photosOf, shownMeasurements, showsMeasurement, stateCondition } from './talent-queries.js';

const publicPhotoUrl = (profileId: string, photoId: string) => `/api/talent/${profileId}/photos/${photoId}`;

export async function searchTalent(ctx: AppContext, query: TalentQuery): Promise<TalentDirectoryPage> {
  const artist = latestArtistSubmission(ctx, talentProfiles.userId);
  const today = todayInLagos(ctx.clock());
  const m = measurementColumns(artist.data, today);
  const conditions: (SQL | undefined)[] = [listed(today)];
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
      .select({
        id: talentProfiles.id,
        stageName: talentProfiles.stageName,
        category: talentProfiles.category,
        show: talentProfiles.show,
        photoId: primary.photoId,
        ...m,
      })
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
      ...(shown.ageBand !== undefined && { ageBand: shown.ageBand }),
    };
  });
  return { items, total: total?.n ?? 0, page: query.page, pageSize: TALENT_PAGE_SIZE };
}

export async function publicProfile(ctx: AppContext, id: string): Promise<PublicTalentProfile> {
  const artist = latestArtistSubmission(ctx, talentProfiles.userId);
  const today = todayInLagos(ctx.clock());
  const [row] = await ctx.db
    .select({ profile: talentProfiles, ...measurementColumns(artist.data, today) })
    .from(talentProfiles)
    .innerJoin(users, eq(users.id, talentProfiles.userId))
    .leftJoinLateral(artist, sql`true`)
    .where(and(eq(talentProfiles.id, id), listed(today)));
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
    .where(and(eq(talentPhotos.id, photoId), eq(talentProfiles.id, profileId), listed(todayInLagos(ctx.clock()))));
  if (!row) throw notFound('Photo not found');
  return row.file;
}

/** Every profile the public may see, newest change first: the sitemap lists them. */
export async function listedProfiles(ctx: AppContext): Promise<{ id: string; updatedAt: Date }[]> {
  return ctx.db
    .select({ id: talentProfiles.id, updatedAt: talentProfiles.updatedAt })
    .from(talentProfiles)
    .innerJoin(users, eq(users.id, talentProfiles.userId))
    .where(listed(todayInLagos(ctx.clock())))
    .orderBy(desc(talentProfiles.updatedAt), asc(talentProfiles.id));
}
