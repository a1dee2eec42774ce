import { addDays } from 'date-fns/addDays';
import { format } from 'date-fns/format';
import { subYears } from 'date-fns/subYears';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, files, submissions, talentPhotos, users } from '../db/schema.js';
import { stillStored, storedFilesOf } from '../test-support/files.js';
import { TestMailbox } from '../test-support/mailbox.js';
import { activatedMember, createTestApp, PASSWORD, signedInStaff, signedUpMember, STAFF, TestClient } from '../test-support/test-app.js';

const mailbox = new TestMailbox();
let portal: Awaited<ReturnType<typeof createTestApp>>;
let staff: TestClient;
beforeAll(async () => {
  portal = await createTestApp({ RATE_LIMIT_BOOKING: '1000' }, { mailTransport: mailbox.transport });
  staff = await signedInStaff(portal.app);
});
afterAll(() => portal.close());

const day = (offset: number) => format(addDays(new Date(), offset), 'yyyy-MM-dd');
const dobForAge = (age: number) => format(subYears(addDays(new Date(), -10), age), 'yyyy-MM-dd');

const photo = (color = '#a50') =>
  sharp({ create: { width: 2400, height: 1600, channels: 3, background: color } })
    .withExif({ IFD0: { Make: 'PhoneMaker' }, IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '6/1 27/1 0/1' } })
    .jpeg()
    .toBuffer();

function photoForm(data: Buffer, name = 'me.jpg', field = 'photo'): FormData {
  const form = new FormData();
  form.append(field, new Blob([new Uint8Array(data)]), name);
  return form;
}

interface Measurements {
  gender?: string;
  heightFt?: number;
  heightInch?: number;
  stateOfResidence?: string;
  weight?: number;
  chest?: number;
  hairColor?: string;
  eyeColor?: string;
}

const ALL_SHOWN = ['height', 'weight', 'chest', 'hairColor', 'eyeColor', 'gender', 'age', 'state'];
/** Every test's profiles carry this category word in the stage name's marker so filters can be checked in isolation. */
let run = 0;

/**
 * An activated member with an artist membership submission (written directly: the form itself is
 * tested in forms/) and a published profile with one photo.
 */
async function publishedTalent(options: { age?: number; measurements?: Measurements; category?: string; show?: string[]; stageName?: string } = {}) {
  run += 1;
  const member = await activatedMember(portal.app, { dob: dobForAge(options.age ?? 25) });
  const data = {
    registrationCategory: 'model',
    gender: 'female',
    heightFt: 5,
    heightInch: 7,
    weight: 60,
    chest: 86,
    hairColor: 'Black',
    eyeColor: 'Brown',
    stateOfResidence: 'Lagos',
    ...options.measurements,
  };
  await portal.app.ctx.db.insert(submissions).values({ userId: member.user.id, form: 'artist-membership', data });
  const stageName = options.stageName ?? `Talent ${run}`;
  const saved = await member.client.put('/api/talent/me', {
    json: { category: options.category ?? 'model', stageName, bio: 'Runway and print.', published: false, show: options.show ?? ALL_SHOWN },
  });
  expect(saved.statusCode).toBe(200);
  expect((await member.client.post('/api/talent/me/photos', { form: photoForm(await photo()) })).statusCode).toBe(201);
  const published = await member.client.put('/api/talent/me', {
    json: { category: options.category ?? 'model', stageName, bio: 'Runway and print.', published: true, show: options.show ?? ALL_SHOWN },
  });
  expect(published.statusCode).toBe(200);
  const profile = published.json().profile as { id: string; photos: { id: string; url: string; primary: boolean }[] };
  return { ...member, profile, stageName };
}

const visitor = () => new TestClient(portal.app);

async function search(query: string) {
  const response = await visitor().get(`/api/talent?${query}`);
  expect(response.statusCode).toBe(200);
  return response.json() as {
    items: { id: string; stageName: string; gender?: string; heightCm?: number; age?: number; state?: string; primaryPhotoUrl: string }[];
    total: number;
    page: number;
  };
}

/** Walks every page of a search and returns all ids. */
async function allIds(query: string): Promise<string[]> {
  const ids: string[] = [];
  for (let page = 1; ; page++) {
    const answer = await search(`${query}&page=${page}`);
    ids.push(...answer.items.map((item) => item.id));
    if (answer.items.length === 0 || ids.length >= answer.total) return ids;
  }
}

const goodRequest = () => ({
  businessName: 'Lekki Bridal House',
  contactName: 'Amaka Obi',
  email: 'amaka@bridal.example.com',
  phone: '08091234567',
  dateFrom: day(10),
  dateTo: day(12),
  location: 'Eko Hotel, Victoria Island',
  budgetNaira: '250000',
  message: 'Two-day bridal shoot for our new catalogue.',
});

const CONFIRM_SUBJECT = /Confirm your booking request/;

/** Sends a booking request and confirms it with the code mailed to the business, as the booking form does. */
async function confirmedBooking(business: TestClient, profileId: string, request: Record<string, string> = goodRequest()) {
  const before = mailbox.countTo(request.email!, CONFIRM_SUBJECT);
  const asked = await business.post(`/api/talent/${profileId}/requests`, { json: request });
  expect(asked.statusCode, asked.body).toBe(202);
  await expect.poll(() => mailbox.countTo(request.email!, CONFIRM_SUBJECT)).toBe(before + 1);
  const code = await mailbox.codeFor(request.email!, CONFIRM_SUBJECT);
  return business.post(`/api/talent/requests/${asked.json().confirmationId}/confirm`, { json: { code } });
}

describe('the member publishes a talent profile', () => {
  it('saves a draft, refuses publishing without a photo, then publishes with one', async () => {
    const { client } = await activatedMember(portal.app);
    expect((await client.get('/api/talent/me')).json().profile).toBeNull();
    const draft = { category: 'music', stageName: 'DJ Kemi', bio: 'Afrobeats DJ', published: false, show: ['gender'] };
    const saved = await client.put('/api/talent/me', { json: draft });
    expect(saved.statusCode).toBe(200);
    expect(saved.json().profile).toMatchObject({ stageName: 'DJ Kemi', category: 'music', published: false, hidden: false, show: ['gender'], photos: [] });

    const early = await client.put('/api/talent/me', { json: { ...draft, published: true } });
    expect(early.statusCode).toBe(400);
    expect(early.json().message).toBe('Add at least one photo before publishing');

    expect((await client.post('/api/talent/me/photos', { form: photoForm(await photo()) })).statusCode).toBe(201);
    const published = await client.put('/api/talent/me', { json: { ...draft, published: true } });
    expect(published.statusCode).toBe(200);
    const id = published.json().profile.id;
    expect((await visitor().get(`/api/talent/${id}`)).statusCode).toBe(200);

    const unpublished = await client.put('/api/talent/me', { json: { ...draft, published: false } });
    expect(unpublished.json().profile.published).toBe(false);
    expect((await visitor().get(`/api/talent/${id}`)).statusCode).toBe(404);
    expect((await search('category=music')).items.map((i) => i.id)).not.toContain(id);
  });

  function detailsWithPhotos(details: Record<string, unknown>, photos: Buffer[]): FormData {
    const form = new FormData();
    form.append('details', JSON.stringify(details));
    photos.forEach((data, index) => form.append(`photo${index + 1}`, new Blob([new Uint8Array(data)]), `p${index + 1}.jpg`));
    return form;
  }

  it('publishes a first profile with its photos in one save', async () => {
    const { client } = await activatedMember(portal.app);
    const details = { category: 'model', stageName: 'Amaka One-Go', bio: '', published: true, show: [] };
    const saved = await client.put('/api/talent/me', { form: detailsWithPhotos(details, [await photo('#a50'), await photo('#05a')]) });
    expect(saved.statusCode).toBe(200);
    expect(saved.json().message).toBe('Your talent profile is published.');
    const { profile } = saved.json();
    expect(profile.published).toBe(true);
    expect(profile.photos.map((p: { primary: boolean }) => p.primary)).toEqual([true, false]);
    expect((await visitor().get(`/api/talent/${profile.id}`)).statusCode).toBe(200);
  });

  it('refuses a one-go save that breaks a rule, keeping nothing of it', async () => {
    const { client, user } = await activatedMember(portal.app);
    const details = { category: 'model', stageName: 'Nothing Kept', bio: '', published: true, show: [] };
    const none = await client.put('/api/talent/me', { form: detailsWithPhotos(details, []) });
    expect(none.statusCode).toBe(400);
    expect(none.json().message).toBe('Add at least one photo before publishing');
    const seven = await client.put('/api/talent/me', { form: detailsWithPhotos(details, await Promise.all(Array.from({ length: 7 }, () => photo()))) });
    expect(seven.statusCode).toBe(413);
    expect(seven.json().message).toBe('Too many files in one request.');
    const notAPicture = await client.put('/api/talent/me', { form: detailsWithPhotos(details, [Buffer.from('not a picture')]) });
    expect(notAPicture.statusCode).toBe(415);
    const badDetails = await client.put('/api/talent/me', { form: detailsWithPhotos({ ...details, stageName: '' }, [await photo()]) });
    expect(badDetails.json().message).toBe('Stage name is required');
    expect((await client.get('/api/talent/me')).json().profile).toBeNull();
    expect((await storedFilesOf(portal.app, user.id)).filter((f) => f.purpose === 'talent-photo')).toEqual([]);
  });

  it('refuses publishing by a member who is not activated with 403, but keeps drafts open', async () => {
    const { client } = await signedUpMember(portal.app);
    const draft = { category: 'model', stageName: 'Ada', bio: '', published: false, show: [] };
    expect((await client.put('/api/talent/me', { json: draft })).statusCode).toBe(200);
    const response = await client.put('/api/talent/me', { json: { ...draft, published: true } });
    expect(response.statusCode).toBe(403);
    expect((await visitor().put('/api/talent/me', { json: draft })).statusCode).toBe(401);
  });

  it.each([
    [{ category: 'dance' }, 'Category must be one of the listed options'],
    [{ stageName: '' }, 'Stage name is required'],
    [{ stageName: 'x'.repeat(81) }, 'Stage name must be at most 80 characters'],
    [{ show: ['phone'] }, 'Show must list measurements from the options'],
    [{ published: 'yes' }, 'Published must be true or false'],
  ])('refuses a profile with %o', async (change, message) => {
    const { client } = await activatedMember(portal.app);
    const response = await client.put('/api/talent/me', { json: { category: 'model', stageName: 'Ada', bio: '', published: false, show: [], ...change } });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe(message);
  });

  it('resizes photos to fit 1200 px and strips EXIF', async () => {
    const { client, profile } = await publishedTalent();
    const own = await client.get(profile.photos[0]!.url);
    expect(own.statusCode).toBe(200);
    const meta = await sharp(own.rawPayload).metadata();
    expect([meta.width, meta.height]).toEqual([1200, 800]);
    expect(meta.exif).toBeUndefined();
    expect(meta.format).toBe('webp');
  });

  it('keeps at most six photos, one primary, and refuses what is not an image', async () => {
    const { client, profile } = await publishedTalent();
    for (let i = 0; i < 5; i++) expect((await client.post('/api/talent/me/photos', { form: photoForm(await photo()) })).statusCode).toBe(201);
    const seventh = await client.post('/api/talent/me/photos', { form: photoForm(await photo()) });
    expect(seventh.statusCode).toBe(400);
    expect(seventh.json().message).toMatch(/at most 6 photos/);

    const mine = (await client.get('/api/talent/me')).json().profile;
    expect(mine.photos).toHaveLength(6);
    expect(mine.photos.filter((p: { primary: boolean }) => p.primary)).toHaveLength(1);

    const other = mine.photos[3].id;
    const changed = await client.put(`/api/talent/me/photos/${other}/primary`);
    expect(changed.statusCode).toBe(200);
    expect(changed.json().profile.photos[0]).toMatchObject({ id: other, primary: true });
    const card = (await search('category=model')).items.find((i) => i.id === profile.id);
    expect(card?.primaryPhotoUrl).toBe(`/api/talent/${profile.id}/photos/${other}`);

    const { client: fresh } = await activatedMember(portal.app);
    await fresh.put('/api/talent/me', { json: { category: 'model', stageName: 'Ada', bio: '', published: false, show: [] } });
    const fake = await fresh.post('/api/talent/me/photos', { form: photoForm(Buffer.from('not a picture at all'), 'x.jpg') });
    expect(fake.statusCode).toBe(415);
    const big = await fresh.post('/api/talent/me/photos', { form: photoForm(Buffer.concat([await photo(), Buffer.alloc(5 * 1024 * 1024)])) });
    expect(big.statusCode).toBe(413);
    const wrongField = await fresh.post('/api/talent/me/photos', { form: photoForm(await photo(), 'x.jpg', 'picture') });
    expect(wrongField.statusCode).toBe(400);
  });

  it('asks for a saved profile before photos', async () => {
    const { client } = await activatedMember(portal.app);
    const response = await client.post('/api/talent/me/photos', { form: photoForm(await photo()) });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe('Save your talent profile before adding photos');
  });

  it('deletes a photo with its file; the last one unpublishes the profile', async () => {
    const { client, profile } = await publishedTalent();
    const photoId = profile.photos[0]!.id;
    const [row] = await portal.app.ctx.db.select().from(talentPhotos).where(eq(talentPhotos.id, photoId));
    const { client: other } = await activatedMember(portal.app);
    expect((await other.delete(`/api/talent/me/photos/${photoId}`)).statusCode).toBe(404);
    const response = await client.delete(`/api/talent/me/photos/${photoId}`);
    expect(response.statusCode).toBe(200);
    expect(response.json().profile).toMatchObject({ published: false, photos: [] });
    expect(await portal.app.ctx.db.select().from(files).where(eq(files.id, row!.fileId))).toHaveLength(0);
    expect((await visitor().get(`/api/talent/${profile.id}`)).statusCode).toBe(404);
  });

  it('goes with the member when the account is terminated', async () => {
    const { client, profile, user } = await publishedTalent();
    const photos = (await storedFilesOf(portal.app, user.id)).filter((file) => file.purpose === 'talent-photo');
    expect(photos.length).toBeGreaterThan(0);
    expect(photos.every((photo) => photo.inStorage)).toBe(true);
    expect((await client.delete('/api/users/terminate', { json: { currentPassword: PASSWORD } })).statusCode).toBe(200);
    expect((await visitor().get(`/api/talent/${profile.id}`)).statusCode).toBe(404);
    expect(await portal.app.ctx.db.select().from(files).where(eq(files.ownerId, user.id))).toHaveLength(0);
    expect(
      await stillStored(
        portal.app,
        photos.map((photo) => photo.storageKey),
      ),
    ).toEqual([]);
    expect(await portal.app.ctx.db.select().from(talentPhotos).where(eq(talentPhotos.id, profile.photos[0]!.id))).toHaveLength(0);
  });
});

describe('the public directory', () => {
  it('shows only the measurements a talent chose, and never contact details', async () => {
    const { profile, user, fields } = await publishedTalent({ show: ['height', 'gender'] });
    const card = (await search('category=model')).items.find((i) => i.id === profile.id);
    expect(card).toEqual({
      id: profile.id,
      stageName: expect.any(String),
      category: 'model',
      primaryPhotoUrl: expect.stringMatching(/^\/api\/talent\//),
      gender: 'female',
      heightCm: 170,
    });

    const page = await visitor().get(`/api/talent/${profile.id}`);
    expect(page.statusCode).toBe(200);
    expect(page.json()).toMatchObject({ id: profile.id, bio: 'Runway and print.', measurements: { heightCm: 170, gender: 'female' } });
    expect(Object.keys(page.json().measurements).sort()).toEqual(['gender', 'heightCm']);

    const [row] = await portal.app.ctx.db.select().from(users).where(eq(users.id, user.id));
    const everything = [page.body, (await visitor().get('/api/talent')).body, (await visitor().get('/api/talent?category=model&page=1')).body].join('\n');
    for (const secret of [row!.email, row!.phone, fields.phone as string, row!.address!, row!.fullName, user.id]) expect(everything).not.toContain(secret);
  });

  it('serves photos of listed profiles publicly with cache headers', async () => {
    const { profile } = await publishedTalent();
    const url = (await visitor().get(`/api/talent/${profile.id}`)).json().photos[0].url;
    const image = await visitor().get(url);
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/webp');
    expect(image.headers['cache-control']).toMatch(/public, max-age=\d+/);
    expect(image.headers['x-content-type-options']).toBe('nosniff');
    // The owner-only file route stays closed to visitors.
    expect((await visitor().get(profile.photos[0]!.url)).statusCode).toBe(404);
  });

  it('filters by category, gender, state, height and age, combined', async () => {
    const tag = `F${Date.now()}`;
    const tall = await publishedTalent({
      category: 'movie',
      age: 30,
      stageName: `${tag} tall`,
      measurements: { gender: 'male', heightFt: 6, heightInch: 1, stateOfResidence: 'Rivers' },
    });
    const short = await publishedTalent({
      category: 'movie',
      age: 20,
      stageName: `${tag} short`,
      measurements: { gender: 'female', heightFt: 5, heightInch: 2, stateOfResidence: 'lagos state' },
    });
    const shy = await publishedTalent({
      category: 'movie',
      age: 30,
      stageName: `${tag} shy`,
      show: [],
      measurements: { gender: 'male', heightFt: 6, heightInch: 1, stateOfResidence: 'Rivers' },
    });
    const singer = await publishedTalent({
      category: 'music',
      age: 30,
      stageName: `${tag} singer`,
      measurements: { gender: 'male', heightFt: 6, heightInch: 1, stateOfResidence: 'Rivers' },
    });
    const ids = (query: string) => allIds(query);

    const movies = await ids('category=movie');
    expect(movies).toEqual(expect.arrayContaining([tall.profile.id, short.profile.id, shy.profile.id]));
    expect(movies).not.toContain(singer.profile.id);
    expect(await ids('category=music')).toContain(singer.profile.id);

    const men = await ids('category=movie&gender=male');
    expect(men).toContain(tall.profile.id);
    // A filter never matches a measurement the talent keeps hidden.
    expect(men).not.toContain(shy.profile.id);
    expect(men).not.toContain(short.profile.id);
    expect(await ids('category=movie&gender=female')).toContain(short.profile.id);

    expect(await ids('category=movie&state=Lagos')).toEqual(expect.arrayContaining([short.profile.id]));
    expect(await ids('category=movie&state=Lagos')).not.toContain(tall.profile.id);
    expect(await ids('category=movie&state=Rivers')).toContain(tall.profile.id);

    // 6'1" is 185 cm, 5'2" is 157 cm.
    const tallOnes = await ids('category=movie&minHeightCm=180');
    expect(tallOnes).toContain(tall.profile.id);
    expect(tallOnes).not.toContain(short.profile.id);
    expect(tallOnes).not.toContain(shy.profile.id);
    const shortOnes = await ids('category=movie&maxHeightCm=160');
    expect(shortOnes).toContain(short.profile.id);
    expect(shortOnes).not.toContain(tall.profile.id);
    expect(await ids('category=movie&minHeightCm=157&maxHeightCm=157')).toContain(short.profile.id);

    const young = await ids('category=movie&maxAge=25');
    expect(young).toContain(short.profile.id);
    expect(young).not.toContain(tall.profile.id);
    const older = await ids('category=movie&minAge=28&maxAge=32');
    expect(older).toContain(tall.profile.id);
    expect(older).not.toContain(short.profile.id);
    expect(older).not.toContain(shy.profile.id);

    const combined = await search('category=movie&gender=male&state=Rivers&minHeightCm=180&maxHeightCm=190&minAge=29&maxAge=31');
    expect(combined.items.map((i) => i.id)).toContain(tall.profile.id);
    expect(combined.items.find((i) => i.id === tall.profile.id)).toMatchObject({ gender: 'male', state: 'Rivers', heightCm: 185, age: 30 });
  });

  it('pages twelve at a time with the total', async () => {
    for (let i = 0; i < 13; i++) await publishedTalent({ category: 'music', age: 61 });
    const first = await search('category=music&minAge=60&maxAge=62');
    expect(first.total).toBeGreaterThanOrEqual(13);
    expect(first.items).toHaveLength(12);
    expect(first.page).toBe(1);
    const second = await search('category=music&minAge=60&maxAge=62&page=2');
    expect(second.page).toBe(2);
    expect(second.items.length).toBe(first.total - 12);
    expect(second.items.map((i) => i.id).filter((id) => first.items.some((f) => f.id === id))).toEqual([]);
    expect((await search('category=music&minAge=60&maxAge=62&page=99')).items).toEqual([]);
  });

  it.each([
    ['category=dance', 'Category must be one of the listed options'],
    ['gender=other', 'Gender must be one of the listed options'],
    ['state=Atlantis', 'State must be one of the 36 states or the FCT'],
    ['minHeightCm=tall', 'Minimum height must be a whole number'],
    ['maxHeightCm=400', 'Maximum height must be between 50 and 250'],
    ['minAge=-1', 'Minimum age must be between 1 and 120'],
    ['maxAge=2.5', 'Maximum age must be a whole number'],
    ['minAge=40&maxAge=20', 'Minimum age must not be above the maximum age'],
    ['minHeightCm=190&maxHeightCm=150', 'Minimum height must not be above the maximum height'],
    ['page=0', 'Page must be at least 1'],
  ])('refuses the query %s with 400 naming the field', async (query, message) => {
    const response = await visitor().get(`/api/talent?${query}`);
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe(message);
  });

  it('treats blank filters as no filter', async () => {
    const response = await visitor().get('/api/talent?category=&gender=&state=&minHeightCm=&maxAge=&page=');
    expect(response.statusCode).toBe(200);
    expect(response.json().page).toBe(1);
  });

  it('answers 404 for an unknown id, and for a hidden profile and its photos', async () => {
    expect((await visitor().get('/api/talent/00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
    expect((await visitor().get('/api/talent/not-a-uuid')).json()).toMatchObject({ message: 'Talent profile not found' });
    const { profile } = await publishedTalent();
    const photoUrl = `/api/talent/${profile.id}/photos/${profile.photos[0]!.id}`;
    expect((await visitor().get(photoUrl)).statusCode).toBe(200);

    const hide = await staff.post(`/api/admin/talent/profiles/${profile.id}/hide`, { json: { reason: 'Photos break the terms' } });
    expect(hide.statusCode).toBe(200);
    expect((await visitor().get(`/api/talent/${profile.id}`)).statusCode).toBe(404);
    expect((await visitor().get(photoUrl)).statusCode).toBe(404);
    expect((await search('category=model')).items.map((i) => i.id)).not.toContain(profile.id);
    expect((await visitor().post(`/api/talent/${profile.id}/requests`, { json: goodRequest() })).statusCode).toBe(404);

    expect((await staff.post(`/api/admin/talent/profiles/${profile.id}/unhide`, { json: {} })).statusCode).toBe(200);
    expect((await visitor().get(`/api/talent/${profile.id}`)).statusCode).toBe(200);
    const audit = await portal.app.ctx.db.select().from(auditLog).where(eq(auditLog.subjectId, profile.id));
    expect(audit.map((a) => a.action).sort()).toEqual(['talent.hidden', 'talent.unhidden']);
  });

  it('answers 404 for the photo of an unpublished profile', async () => {
    const { client, profile, stageName } = await publishedTalent();
    await client.put('/api/talent/me', { json: { category: 'model', stageName, bio: '', published: false, show: [] } });
    expect((await visitor().get(`/api/talent/${profile.id}/photos/${profile.photos[0]!.id}`)).statusCode).toBe(404);
  });
});

describe('booking requests', () => {
  it('sends the business its reference, tells the talent and staff, and lets the talent accept', async () => {
    const { client, profile, user, stageName } = await publishedTalent();
    const business = visitor();
    const response = await confirmedBooking(business, profile.id);
    expect(response.statusCode).toBe(201);
    const { reference } = response.json();
    expect(reference).toMatch(/^BK-[0-9A-F]{6}$/);
    expect(response.body).not.toContain(user.email);

    const toBusiness = await mailbox.waitFor((m) => m.to === 'amaka@bridal.example.com' && m.subject.includes(reference));
    expect(toBusiness.text).toContain(reference);
    expect(toBusiness.text).toContain(stageName);
    expect(toBusiness.text).not.toContain(user.email);
    const toTalent = await mailbox.waitFor((m) => m.to === user.email && m.subject.includes(reference));
    expect(toTalent.text).toContain('Lekki Bridal House');
    expect(toTalent.text).toContain('₦250,000.00');
    await mailbox.waitFor((m) => m.to === STAFF.email && m.subject.includes(reference));
    const notes = (await client.get('/api/notifications')).json().notifications;
    expect(notes[0].message).toContain(reference);

    const mine = (await client.get('/api/talent/me/requests')).json();
    expect(mine[0]).toMatchObject({
      reference,
      state: 'new',
      businessName: 'Lekki Bridal House',
      budgetKobo: 25_000_000,
      phone: '+2348091234567',
      dateFrom: day(10),
    });

    const { client: stranger } = await activatedMember(portal.app);
    expect((await stranger.post(`/api/talent/me/requests/${mine[0].id}/accept`, { json: { message: 'Mine now' } })).statusCode).toBe(404);
    expect((await stranger.get('/api/talent/me/requests')).json()).toEqual([]);

    const accepted = await client.post(`/api/talent/me/requests/${mine[0].id}/accept`, { json: { message: 'Happy to. I will call you today.' } });
    expect(accepted.statusCode).toBe(200);
    const answer = await mailbox.waitFor((m) => m.to === 'amaka@bridal.example.com' && /accepted/.test(m.subject));
    expect(answer.text).toContain('Happy to. I will call you today.');
    expect(answer.text).toContain(reference);
    expect((await client.get('/api/talent/me/requests')).json()[0]).toMatchObject({ state: 'accepted', responseMessage: 'Happy to. I will call you today.' });

    const again = await client.post(`/api/talent/me/requests/${mine[0].id}/decline`, { json: {} });
    expect(again.statusCode).toBe(409);
  });

  it('mails an address nobody has confirmed only a code, none of the sender’s text, and passes the request on once the code is entered', async () => {
    const { client, profile, user } = await publishedTalent();
    const spam = {
      ...goodRequest(),
      businessName: 'Cheap Pills Ltd',
      contactName: 'Click http://evil.example',
      email: 'someone-else@example.com',
      message: 'Buy now at http://evil.example/pills',
    };
    const business = visitor();
    const asked = await business.post(`/api/talent/${profile.id}/requests`, { json: spam });
    expect(asked.statusCode).toBe(202);
    expect(asked.json().message).toMatch(/Check your email/);
    expect(asked.body).not.toMatch(/BK-/);

    const toAddress = await mailbox.waitFor((m) => m.to === spam.email);
    expect(toAddress.subject).toMatch(CONFIRM_SUBJECT);
    for (const sent of [toAddress.text, toAddress.html, toAddress.subject]) {
      expect(sent).not.toMatch(/evil\.example|Cheap Pills|Buy now/);
    }
    expect(mailbox.sent.filter((m) => m.to === spam.email)).toHaveLength(1);
    expect((await client.get('/api/talent/me/requests')).json()).toEqual([]);
    expect(mailbox.countTo(user.email, /booking request/i)).toBe(0);

    const confirmUrl = `/api/talent/requests/${asked.json().confirmationId}/confirm`;
    const code = await mailbox.codeFor(spam.email, CONFIRM_SUBJECT);
    const wrong = code === '000000' ? '111111' : '000000';
    const refused = await business.post(confirmUrl, { json: { code: wrong } });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toBe('That code is not right.');
    expect((await client.get('/api/talent/me/requests')).json()).toEqual([]);

    const confirmed = await business.post(confirmUrl, { json: { code } });
    expect(confirmed.statusCode).toBe(201);
    const { reference } = confirmed.json();
    expect((await client.get('/api/talent/me/requests')).json()[0]).toMatchObject({ reference, businessName: 'Cheap Pills Ltd' });
    await mailbox.waitFor((m) => m.to === user.email && m.subject.includes(reference));
    expect((await business.post(confirmUrl, { json: { code } })).statusCode).toBe(400);
  });

  it('stops confirming after five wrong codes', async () => {
    const { client, profile } = await publishedTalent();
    const request = { ...goodRequest(), email: 'guesser@example.com' };
    const asked = await visitor().post(`/api/talent/${profile.id}/requests`, { json: request });
    const code = await mailbox.codeFor(request.email, CONFIRM_SUBJECT);
    const confirmUrl = `/api/talent/requests/${asked.json().confirmationId}/confirm`;
    const wrong = code === '000000' ? '111111' : '000000';
    for (let i = 0; i < 5; i++) expect((await visitor().post(confirmUrl, { json: { code: wrong } })).json().message).toBe('That code is not right.');
    const late = await visitor().post(confirmUrl, { json: { code } });
    expect(late.statusCode).toBe(400);
    expect(late.json().message).toMatch(/expired or had too many wrong codes/);
    expect((await client.get('/api/talent/me/requests')).json()).toEqual([]);
  });

  it('lets the talent decline with a message', async () => {
    const { client, profile } = await publishedTalent();
    const { reference } = (await confirmedBooking(visitor(), profile.id, { ...goodRequest(), email: 'decline@example.com' })).json();
    const [request] = (await client.get('/api/talent/me/requests')).json();
    const declined = await client.post(`/api/talent/me/requests/${request.id}/decline`, { json: { message: 'Booked on those dates.' } });
    expect(declined.statusCode).toBe(200);
    const mail = await mailbox.waitFor((m) => m.to === 'decline@example.com' && /declined/.test(m.subject));
    expect(mail.subject).toContain(reference);
    expect(mail.text).toContain('Booked on those dates.');
  });

  it.each([
    [{ businessName: '' }, 'Business name is required'],
    [{ contactName: '  ' }, 'Contact name is required'],
    [{ email: 'not-an-email' }, 'Email must be a valid email address'],
    [{ phone: '123' }, 'Phone must be a valid phone number'],
    [{ dateFrom: '2024-13-40' }, 'Start date must be a valid date'],
    [{ dateFrom: day(-3) }, 'Start date cannot be in the past'],
    [{ dateTo: '' }, 'End date is required'],
    [{ dateTo: day(5) }, 'End date must be on or after the start date'],
    [{ location: '' }, 'Location is required'],
    [{ budgetNaira: '' }, 'Budget is required'],
    [{ budgetNaira: '-5' }, 'Budget must be greater than 0'],
    [{ budgetNaira: 'lots' }, 'Budget must be a number'],
    [{ budgetNaira: '10.555' }, 'Budget must have at most 2 decimal places'],
    [{ message: '' }, 'Message is required'],
  ])('refuses a request with %o', async (change, message) => {
    const { profile } = await publishedTalent();
    const response = await visitor().post(`/api/talent/${profile.id}/requests`, { json: { ...goodRequest(), ...change } });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe(message);
  });

  it('needs the CSRF token like every other change', async () => {
    const { profile } = await publishedTalent();
    const response = await portal.app.inject({ method: 'POST', url: `/api/talent/${profile.id}/requests`, payload: goodRequest() });
    expect(response.statusCode).toBe(403);
  });

  it('rate limits requests per address with 429', async () => {
    const limited = await createTestApp({ RATE_LIMIT_BOOKING: '2' });
    try {
      const member = await activatedMember(limited.app);
      const client = member.client;
      await client.put('/api/talent/me', { json: { category: 'model', stageName: 'Ada', bio: '', published: false, show: [] } });
      await client.post('/api/talent/me/photos', { form: photoForm(await photo()) });
      const { profile } = (await client.put('/api/talent/me', { json: { category: 'model', stageName: 'Ada', bio: '', published: true, show: [] } })).json();
      const business = new TestClient(limited.app);
      const statuses = [];
      for (let i = 0; i < 3; i++) statuses.push((await business.post(`/api/talent/${profile.id}/requests`, { json: goodRequest() })).statusCode);
      expect(statuses).toEqual([202, 202, 429]);
      const blocked = await business.post(`/api/talent/${profile.id}/requests`, { json: goodRequest() });
      expect(blocked.json().message).toBe('Too many booking requests. Please wait a few minutes and try again.');
    } finally {
      await limited.close();
    }
  });
});

describe('staff', () => {
  it('list requests by state and close one, audited', async () => {
    const { profile, stageName } = await publishedTalent();
    const { reference } = (await confirmedBooking(visitor(), profile.id)).json();
    const listed = (await staff.get('/api/admin/talent/requests?status=new')).json();
    const row = listed.find((r: { reference: string }) => r.reference === reference);
    expect(row).toMatchObject({ state: 'new', stageName, businessName: 'Lekki Bridal House', profileId: profile.id });

    const closed = await staff.post(`/api/admin/talent/requests/${row.id}/close`);
    expect(closed.statusCode).toBe(200);
    expect((await staff.post(`/api/admin/talent/requests/${row.id}/close`)).statusCode).toBe(409);
    expect((await staff.get('/api/admin/talent/requests?status=closed')).json().map((r: { id: string }) => r.id)).toContain(row.id);
    expect((await staff.get('/api/admin/talent/requests?status=new')).json().map((r: { id: string }) => r.id)).not.toContain(row.id);
    expect((await staff.get('/api/admin/talent/requests?status=maybe')).statusCode).toBe(400);
    const audit = await portal.app.ctx.db.select().from(auditLog).where(eq(auditLog.subjectId, row.id));
    expect(audit[0]).toMatchObject({ action: 'booking.closed', actorEmail: STAFF.email });
  });

  it('list profiles with their counts, and hide with a reason the member is told', async () => {
    const { profile, client } = await publishedTalent();
    const profiles = (await staff.get('/api/admin/talent/profiles')).json();
    expect(profiles.find((p: { id: string }) => p.id === profile.id)).toMatchObject({ published: true, hidden: false, photoCount: 1 });
    expect((await staff.post(`/api/admin/talent/profiles/${profile.id}/hide`, { json: {} })).statusCode).toBe(400);
    await staff.post(`/api/admin/talent/profiles/${profile.id}/hide`, { json: { reason: 'Impersonation' } });
    expect((await client.get('/api/talent/me')).json().profile).toMatchObject({ hidden: true });
    expect((await client.get('/api/notifications')).json().notifications[0].message).toContain('Impersonation');
  });

  it('refuses members (403) and visitors (401) on staff routes', async () => {
    const { client } = await activatedMember(portal.app);
    const id = '00000000-0000-4000-8000-000000000000';
    for (const [method, url] of [
      ['get', '/api/admin/talent/requests'],
      ['get', '/api/admin/talent/profiles'],
      ['post', `/api/admin/talent/requests/${id}/close`],
      ['post', `/api/admin/talent/profiles/${id}/hide`],
      ['post', `/api/admin/talent/profiles/${id}/unhide`],
    ] as const) {
      const body = method === 'post' ? { json: { reason: 'x' } } : undefined;
      expect((await client[method](url, body)).statusCode).toBe(403);
      expect((await visitor()[method](url, body)).statusCode).toBe(401);
    }
  });
});
