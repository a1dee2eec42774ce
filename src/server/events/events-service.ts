import { asc, desc, eq, gte } from 'drizzle-orm';
import type { CompanyEvent, GalleryImage } from '../../shared/company-events.js';
import { todayInLagos } from '../../shared/dates.js';
import type { CompanyEventInput } from '../../shared/schemas/events.js';
import { recordAudit } from '../audit/audit.js';
import type { AuthUser } from '../auth/sessions.js';
import type { AppContext } from '../context.js';
import { companyEvents, files, galleryImages } from '../db/schema.js';
import { deleteFiles, type FileRow, readablePhoto, withFileTransaction } from '../files/files-service.js';
import type { ReceivedFile } from '../files/multipart.js';
import { isUuid } from '../http/parse.js';
import { upcomingCompanyEventDates } from '../schedule/schedule-service.js';
import type { SessionDate } from '../../shared/schedule.js';
import { notFound } from '../http/errors.js';

/** Event pictures and gallery images are kept whole, at most this size, without their metadata. */
const PICTURE_BOX = { width: 1600, height: 1200 } as const;

type EventRow = typeof companyEvents.$inferSelect;

const eventImageUrl = (id: string) => `/api/events/${id}/image`;
const galleryImageUrl = (id: string) => `/api/gallery/${id}/image`;

function toCompanyEvent(row: EventRow): CompanyEvent {
  return {
    id: row.id,
    kind: row.kind,
    title: row.title,
    day: row.day,
    time: row.time,
    place: row.place,
    description: row.description,
    imageUrl: row.imageFileId ? eventImageUrl(row.id) : null,
  };
}

/** A company event of the schedule's sessions (schedule/), as the events page lists it. */
function sessionEvent(date: SessionDate): CompanyEvent {
  const lagos = new Date(new Date(date.startsAt).getTime() + 3_600_000).toISOString();
  return {
    id: `${date.seriesId}-${date.day}`,
    kind: 'company-event',
    title: date.title,
    day: lagos.slice(0, 10),
    time: lagos.slice(11, 16),
    place: date.place,
    description: date.note ?? '',
    imageUrl: null,
  };
}

/** The events still to come (today's included, Lagos time), the schedule's company events among them, soonest first: what members see. */
export async function listUpcomingEvents(ctx: AppContext): Promise<CompanyEvent[]> {
  const rows = await ctx.db
    .select()
    .from(companyEvents)
    .where(gte(companyEvents.day, todayInLagos(ctx.clock())))
    .orderBy(asc(companyEvents.day), asc(companyEvents.time));
  const sessions = (await upcomingCompanyEventDates(ctx)).map(sessionEvent);
  return [...rows.map(toCompanyEvent), ...sessions].sort((a, b) => `${a.day} ${a.time}`.localeCompare(`${b.day} ${b.time}`));
}

/** Every event, latest first: the console's list. */
export async function listAllEvents(ctx: AppContext): Promise<CompanyEvent[]> {
  const rows = await ctx.db.select().from(companyEvents).orderBy(desc(companyEvents.day), desc(companyEvents.time));
  return rows.map(toCompanyEvent);
}

async function eventRow(ctx: AppContext, id: string): Promise<EventRow> {
  const [row] = isUuid(id) ? await ctx.db.select().from(companyEvents).where(eq(companyEvents.id, id)) : [];
  if (!row) throw notFound('Event not found');
  return row;
}

async function fileRow(ctx: AppContext, id: string | null): Promise<FileRow | undefined> {
  if (!id) return undefined;
  const [row] = await ctx.db.select().from(files).where(eq(files.id, id));
  return row;
}

/** Adds an event, with its picture when one is sent. */
export async function createEvent(ctx: AppContext, staff: AuthUser, input: CompanyEventInput, picture?: ReceivedFile): Promise<CompanyEvent> {
  const resized = picture && (await readablePhoto(picture.data, 'Picture', PICTURE_BOX));
  return withFileTransaction(ctx, resized ? [{ ownerId: null, purpose: 'event-image', ...resized }] : [], async (tx, [image]) => {
    const [row] = await tx
      .insert(companyEvents)
      .values({ ...input, imageFileId: image?.id ?? null })
      .returning();
    if (!row) throw new Error('event row was not written');
    await recordAudit(tx, { actor: staff, action: 'event.created', subjectType: 'event', subjectId: row.id, details: { title: row.title, day: row.day } });
    return toCompanyEvent(row);
  });
}

/** Changes an event's fields, and its picture when a new one is sent (the old one is removed). */
export async function updateEvent(ctx: AppContext, staff: AuthUser, id: string, input: CompanyEventInput, picture?: ReceivedFile): Promise<CompanyEvent> {
  const before = await eventRow(ctx, id);
  const resized = picture && (await readablePhoto(picture.data, 'Picture', PICTURE_BOX));
  const updated = await withFileTransaction(ctx, resized ? [{ ownerId: null, purpose: 'event-image', ...resized }] : [], async (tx, [image]) => {
    const [row] = await tx
      .update(companyEvents)
      .set({ ...input, ...(image ? { imageFileId: image.id } : {}) })
      .where(eq(companyEvents.id, before.id))
      .returning();
    if (!row) throw notFound('Event not found');
    await recordAudit(tx, {
      actor: staff,
      action: 'event.updated',
      subjectType: 'event',
      subjectId: row.id,
      details: { title: row.title, day: row.day, picture: Boolean(image) },
    });
    return row;
  });
  if (updated.imageFileId !== before.imageFileId) await removeFile(ctx, before.imageFileId);
  return toCompanyEvent(updated);
}

export async function deleteEvent(ctx: AppContext, staff: AuthUser, id: string): Promise<void> {
  const row = await eventRow(ctx, id);
  await ctx.db.transaction(async (tx) => {
    const deleted = await tx.delete(companyEvents).where(eq(companyEvents.id, row.id)).returning({ id: companyEvents.id });
    if (deleted.length === 0) throw notFound('Event not found');
    await recordAudit(tx, { actor: staff, action: 'event.deleted', subjectType: 'event', subjectId: row.id, details: { title: row.title, day: row.day } });
  });
  await removeFile(ctx, row.imageFileId);
}

/** An event's picture, for anyone: event pictures are public. */
export async function eventPicture(ctx: AppContext, id: string): Promise<FileRow> {
  const file = await fileRow(ctx, (await eventRow(ctx, id)).imageFileId);
  if (!file) throw notFound('This event has no picture');
  return file;
}

export async function listGallery(ctx: AppContext): Promise<GalleryImage[]> {
  const rows = await ctx.db.select().from(galleryImages).orderBy(desc(galleryImages.createdAt), desc(galleryImages.id));
  return rows.map((row) => ({ id: row.id, caption: row.caption, imageUrl: galleryImageUrl(row.id) }));
}

export async function addGalleryImage(ctx: AppContext, staff: AuthUser, caption: string, image: ReceivedFile): Promise<GalleryImage> {
  const resized = await readablePhoto(image.data, 'Image', PICTURE_BOX);
  return withFileTransaction(ctx, [{ ownerId: null, purpose: 'gallery-image', ...resized }], async (tx, [file]) => {
    const [row] = await tx.insert(galleryImages).values({ fileId: file!.id, caption }).returning();
    if (!row) throw new Error('gallery row was not written');
    await recordAudit(tx, { actor: staff, action: 'gallery.added', subjectType: 'gallery-image', subjectId: row.id, details: { caption } });
    return { id: row.id, caption: row.caption, imageUrl: galleryImageUrl(row.id) };
  });
}

export async function deleteGalleryImage(ctx: AppContext, staff: AuthUser, id: string): Promise<void> {
  const [row] = isUuid(id) ? await ctx.db.select().from(galleryImages).where(eq(galleryImages.id, id)) : [];
  if (!row) throw notFound('Image not found');
  await ctx.db.transaction(async (tx) => {
    await tx.delete(galleryImages).where(eq(galleryImages.id, row.id));
    await recordAudit(tx, { actor: staff, action: 'gallery.deleted', subjectType: 'gallery-image', subjectId: row.id, details: { caption: row.caption } });
  });
  await removeFile(ctx, row.fileId);
}

export async function galleryPicture(ctx: AppContext, id: string): Promise<FileRow> {
  const [row] = isUuid(id) ? await ctx.db.select({ fileId: galleryImages.fileId }).from(galleryImages).where(eq(galleryImages.id, id)) : [];
  const file = await fileRow(ctx, row?.fileId ?? null);
  if (!file) throw notFound('Image not found');
  return file;
}

async function removeFile(ctx: AppContext, id: string | null): Promise<void> {
  const file = await fileRow(ctx, id);
  if (file) await deleteFiles(ctx, [file]);
}
