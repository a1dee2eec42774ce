import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import sharp from 'sharp';
import { auditLog, companyEvents, files } from '../db/schema.js';
import { ensureStarterGallery } from './starter-gallery.js';
import { jpegWithGps, LARGE_BYTES, multipart, pngBytes, TEXT_BYTES } from '../test-support/files.js';
import { createTestApp, signedInStaffAs, signedUpMember, TestClient } from '../test-support/test-app.js';

let portal: Awaited<ReturnType<typeof createTestApp>>;
let app: FastifyInstance;
let moderator: TestClient;
let now = new Date('2026-11-22T10:00:00Z');

beforeAll(async () => {
  portal = await createTestApp({}, { clock: () => now });
  app = portal.app;
  moderator = (await signedInStaffAs(app, 'moderator')).client;
});
afterAll(() => portal.close());

const casting = (overrides: Record<string, string> = {}) => ({
  kind: 'casting-day',
  title: 'Casting day for "Lagos Nights"',
  day: '2026-12-05',
  time: '10:00',
  place: 'Company office, 12 Allen Avenue, Ikeja',
  description: 'Bring two photos and your member card.',
  ...overrides,
});

async function addEvent(fields: Record<string, string>, picture?: Buffer) {
  return moderator.post('/api/admin/events', { form: multipart(fields, picture ? { picture: { data: picture, name: 'poster.jpg' } } : {}) });
}

describe('company events', () => {
  it('lets staff add an event with its picture, which members see until its day has passed', async () => {
    const created = await addEvent(casting(), await jpegWithGps());
    expect(created.statusCode).toBe(201);
    const { event } = created.json();
    expect(event).toMatchObject({ kind: 'casting-day', title: 'Casting day for "Lagos Nights"', day: '2026-12-05', time: '10:00' });
    expect(event.imageUrl).toBe(`/api/events/${event.id}/image`);

    const picture = await new TestClient(app).get(event.imageUrl);
    expect(picture.statusCode).toBe(200);
    expect(picture.headers['content-type']).toBe('image/webp');
    expect(picture.rawPayload.includes(Buffer.from('GPS'))).toBe(false);

    const member = await signedUpMember(app);
    const seen = async () => ((await member.client.get('/api/events')).json().events as { id: string }[]).map((e) => e.id);
    expect(await seen()).toContain(event.id);
    now = new Date('2026-12-05T22:59:00Z');
    expect(await seen()).toContain(event.id);
    now = new Date('2026-12-05T23:00:00Z');
    expect(await seen()).not.toContain(event.id);
    now = new Date('2026-11-22T10:00:00Z');

    const [audit] = await app.ctx.db.select().from(auditLog).where(eq(auditLog.subjectId, event.id));
    expect(audit).toMatchObject({ action: 'event.created' });
  });

  it('lists upcoming events soonest first, and only to signed-in visitors', async () => {
    const later = (await addEvent(casting({ title: 'Anniversary', kind: 'anniversary', day: '2027-01-10', time: '18:00' }))).json().event;
    const sooner = (await addEvent(casting({ title: 'Monthly meeting', kind: 'meeting', day: '2026-11-30', time: '09:30' }))).json().event;
    const member = await signedUpMember(app);
    const ids = ((await member.client.get('/api/events')).json().events as { id: string }[]).map((e) => e.id);
    expect(ids.indexOf(sooner.id)).toBeLessThan(ids.indexOf(later.id));
    expect((await new TestClient(app).get('/api/events')).statusCode).toBe(401);
  });

  it('replaces an event’s fields and picture, removing the old picture, and deletes it with its picture', async () => {
    const { event } = (await addEvent(casting(), await pngBytes('#0a0'))).json();
    const [before] = await app.ctx.db.select().from(companyEvents).where(eq(companyEvents.id, event.id));
    const saved = await moderator.put(`/api/admin/events/${event.id}`, {
      form: multipart(casting({ title: 'Training: screen acting', kind: 'training' }), { picture: { data: await pngBytes('#00a'), name: 'new.png' } }),
    });
    expect(saved.statusCode).toBe(200);
    expect(saved.json().event).toMatchObject({ title: 'Training: screen acting', kind: 'training' });
    const [after] = await app.ctx.db.select().from(companyEvents).where(eq(companyEvents.id, event.id));
    expect(after!.imageFileId).not.toBe(before!.imageFileId);
    expect(await app.ctx.db.select().from(files).where(eq(files.id, before!.imageFileId!))).toHaveLength(0);

    expect((await moderator.delete(`/api/admin/events/${event.id}`)).statusCode).toBe(200);
    expect(await app.ctx.db.select().from(files).where(eq(files.id, after!.imageFileId!))).toHaveLength(0);
    expect((await new TestClient(app).get(event.imageUrl)).statusCode).toBe(404);
    expect((await moderator.delete(`/api/admin/events/${event.id}`)).statusCode).toBe(404);
  });

  it.each([
    [{ kind: 'party' }, /Kind must be one of/],
    [{ title: ' ' }, /Title is required/],
    [{ day: '2026-02-30' }, /Date must be a valid date/],
    [{ time: '25:00' }, /Time must be a time of day/],
    [{ place: '' }, /Place is required/],
  ])('refuses %o with a message, storing nothing', async (bad, message) => {
    const before = (await app.ctx.db.select().from(companyEvents)).length;
    const response = await addEvent(casting(bad));
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toMatch(message);
    expect(await app.ctx.db.select().from(companyEvents)).toHaveLength(before);
  });

  it('refuses a picture that is not an image or too large', async () => {
    expect((await addEvent(casting(), TEXT_BYTES)).statusCode).toBe(415);
    expect((await addEvent(casting(), LARGE_BYTES)).statusCode).toBe(413);
  });
});

describe('the gallery', () => {
  it('lets staff add and remove images that everyone sees, newest first', async () => {
    const add = (caption: string, color: string) =>
      pngBytes(color).then((data) => moderator.post('/api/admin/gallery', { form: multipart({ caption }, { image: { data, name: 'g.png' } }) }));
    const first = (await add('Premiere night 2026', '#a00')).json().image;
    const second = await add('Casting day', '#0a0');
    expect(second.statusCode).toBe(201);
    const visitor = new TestClient(app);
    const images = (await visitor.get('/api/gallery')).json().images as { id: string; caption: string; imageUrl: string }[];
    expect(images.slice(0, 2).map((i) => i.caption)).toEqual(['Casting day', 'Premiere night 2026']);
    expect((await visitor.get(first.imageUrl)).statusCode).toBe(200);

    expect((await moderator.delete(`/api/admin/gallery/${first.id}`)).statusCode).toBe(200);
    expect(((await visitor.get('/api/gallery')).json().images as { id: string }[]).map((i) => i.id)).not.toContain(first.id);
    expect((await visitor.get(first.imageUrl)).statusCode).toBe(404);
  });

  it('needs an image and a caption', async () => {
    const noImage = await moderator.post('/api/admin/gallery', { form: multipart({ caption: 'Empty' }, {}) });
    expect(noImage.statusCode).toBe(400);
    expect(noImage.json().message).toBe('Image is required');
    const noCaption = await moderator.post('/api/admin/gallery', { form: multipart({}, { image: { data: await pngBytes(), name: 'g.png' } }) });
    expect(noCaption.json().message).toBe('Caption is required');
  });

  it('is kept by moderators and admins only', async () => {
    const finance = (await signedInStaffAs(app, 'finance')).client;
    expect((await finance.get('/api/admin/gallery')).statusCode).toBe(403);
    expect((await finance.post('/api/admin/events', { form: multipart(casting(), {}) })).statusCode).toBe(403);
  });
});

describe('a new install’s gallery', () => {
  it('starts with six real pictures, added once, and never again once the company removed them', async () => {
    const fresh = await createTestApp({ STARTER_GALLERY: 'on' });
    try {
      const visitor = new TestClient(fresh.app);
      const gallery = async () => (await visitor.get('/api/gallery')).json().images as { id: string; caption: string; imageUrl: string }[];
      const images = await gallery();
      expect(images.map((i) => i.caption)).toEqual(['Camping', 'Visiting the community', 'Awards night', 'Training day', 'On set', 'Premiere night']);
      for (const image of images) {
        const picture = await visitor.get(image.imageUrl);
        expect(picture.statusCode).toBe(200);
        expect(picture.headers['content-type']).toBe('image/webp');
        expect(await sharp(picture.rawPayload).metadata()).toMatchObject({ format: 'webp', width: 1200, height: 900 });
      }
      // A second start, or two at once, adds nothing.
      await Promise.all([ensureStarterGallery(fresh.app.ctx), ensureStarterGallery(fresh.app.ctx)]);
      expect(await gallery()).toHaveLength(6);

      const staff = (await signedInStaffAs(fresh.app, 'moderator')).client;
      for (const image of images) expect((await staff.delete(`/api/admin/gallery/${image.id}`)).statusCode).toBe(200);
      await ensureStarterGallery(fresh.app.ctx);
      expect(await gallery()).toEqual([]);
    } finally {
      await fresh.close();
    }
  });
});
