import { and, count, eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { MyTalentProfile, talentProfileSchema, TalentMeasurements } from '../../shared/schemas/talent.js';
import { MAX_TALENT_PHOTOS, TALENT_PHOTO_BOX, type TalentMeasurement } from '../../shared/talent-options.js';
import type { AuthUser } from '../auth/sessions.js';
import { assertMayPublish } from '../privacy/guardian-service.js';
import { todayInLagos } from '../../shared/dates.js';
import type { AppContext } from '../context.js';
import type { Executor } from '../db/client.js';
import { files, talentPhotos, talentProfiles, users } from '../db/schema.js';
import { deleteFiles, fileUrl, readablePhoto, withFileTransaction } from '../files/files-service.js';
import type { ReceivedFile } from '../files/multipart.js';
import { badRequest, forbidden, notFound } from '../http/errors.js';
import { knownMeasurements, latestArtistSubmission, measurementColumns, photosOf } from './talent-queries.js';

type ProfileRow = typeof talentProfiles.$inferSelect;

async function ownProfile(db: Executor, userId: string): Promise<ProfileRow | undefined> {
  const [row] = await db.select().from(talentProfiles).where(eq(talentProfiles.userId, userId));
  return row;
}

async function availableMeasurements(ctx: AppContext, userId: string): Promise<TalentMeasurements> {
  const artist = latestArtistSubmission(ctx, users.id);
  const [row] = await ctx.db
    .select(measurementColumns(artist.data, todayInLagos(ctx.clock())))
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

/**
 * Saves the member's details together with any photos chosen with them, in one transaction: a
 * first save can publish, and the rule "a published profile has a photo" is checked on the result.
 */
export async function saveMyProfile(
  ctx: AppContext,
  user: AuthUser,
  input: z.output<typeof talentProfileSchema>,
  newPhotos: ReceivedFile[] = [],
): Promise<void> {
  if (input.published) await assertMayPublish(ctx, user);
  if (input.published && !user.activated) throw forbidden('Only activated members can publish a talent profile.');
  const photos = await Promise.all(newPhotos.map((upload) => readablePhoto(upload.data, 'Photo', TALENT_PHOTO_BOX)));
  const newFiles = photos.map((photo) => ({ ownerId: user.id, purpose: 'talent-photo', ...photo }));
  await withFileTransaction(ctx, newFiles, async (tx, stored) => {
    const values = { ...input, updatedAt: new Date() };
    // The upsert holds the profile's row until commit, as an upload's lock does.
    const [profile] = await tx
      .insert(talentProfiles)
      .values({ userId: user.id, ...values })
      .onConflictDoUpdate({ target: talentProfiles.userId, set: values })
      .returning({ id: talentProfiles.id });
    if (!profile) throw new Error('talent profile row was not written');
    const [existing] = await tx.select({ n: count() }).from(talentPhotos).where(eq(talentPhotos.profileId, profile.id));
    const had = existing?.n ?? 0;
    if (had + photos.length > MAX_TALENT_PHOTOS) {
      throw badRequest(`A talent profile has at most ${MAX_TALENT_PHOTOS} photos; you have ${had} and chose ${photos.length}.`);
    }
    for (const [index, file] of stored.entries()) {
      await tx.insert(talentPhotos).values({ profileId: profile.id, fileId: file.id, primary: had + index === 0 });
    }
    if (input.published && had + photos.length === 0) throw badRequest('Add at least one photo before publishing');
  });
}

export async function addPhoto(ctx: AppContext, user: AuthUser, upload: ReceivedFile | undefined): Promise<void> {
  if (!upload) throw badRequest('Photo is required');
  const photo = await readablePhoto(upload.data, 'Photo', TALENT_PHOTO_BOX);
  await withFileTransaction(ctx, [{ ownerId: user.id, purpose: 'talent-photo', ...photo }], async (tx, [stored]) => {
    // Locks the profile so two uploads at once cannot both be the sixth.
    const [profile] = await tx.select().from(talentProfiles).where(eq(talentProfiles.userId, user.id)).for('update');
    if (!profile) throw badRequest('Save your talent profile before adding photos');
    const [existing] = await tx.select({ n: count() }).from(talentPhotos).where(eq(talentPhotos.profileId, profile.id));
    const n = existing?.n ?? 0;
    if (n >= MAX_TALENT_PHOTOS) throw badRequest(`A talent profile has at most ${MAX_TALENT_PHOTOS} photos. Delete one to add another.`);
    await tx.insert(talentPhotos).values({ profileId: profile.id, fileId: stored!.id, primary: n === 0 });
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
