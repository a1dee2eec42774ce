import { and, eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { uniqueViolation } from '../db/errors.js';
import { forgetRunningAds } from './ads-service.js';
import { ads, files, payments } from '../db/schema.js';
import { corruptPng, stillStored, storedFilesOf } from '../test-support/files.js';
import { AD_FIELDS, advertForm } from '../test-support/advert-form.js';
import { TestMailbox } from '../test-support/mailbox.js';
import { activatedMember, createTestApp, PASSWORD, signedInStaff, signedUpMember, TestClient } from '../test-support/test-app.js';
import { shiftDate, todayInLagos } from '../../shared/dates.js';
import { displayDate } from '../../shared/display-date.js';

const mailbox = new TestMailbox();
let portal: Awaited<ReturnType<typeof createTestApp>>;
let staff: TestClient;
beforeAll(async () => {
  portal = await createTestApp({}, { mailTransport: mailbox.transport });
  staff = await signedInStaff(portal.app);
});
afterAll(() => portal.close());

const today = todayInLagos();
const day = (offset: number) => shiftDate(today, offset);

const photo = () =>
  sharp({ create: { width: 1600, height: 900, channels: 3, background: '#0a7' } })
    .withExif({ IFD0: { Make: 'PhoneMaker' } })
    .jpeg()
    .toBuffer();

async function placedAd(fields: Record<string, string> = AD_FIELDS, paid = true) {
  const member = await activatedMember(portal.app);
  // A phone's photo, with its metadata: the stored image must lose it.
  const response = await member.client.put('/api/users/profile', { form: await advertForm({ fields, image: { data: await photo(), name: 'ad.jpg' } }) });
  expect(response.statusCode).toBe(200);
  const ad = response.json().user.ad;
  // Finance confirms the advert's payment in the payments queue; an advert runs only once paid.
  const [row] = await portal.app.ctx.db.select({ paymentId: ads.paymentId }).from(ads).where(eq(ads.id, ad.id));
  if (paid) expect((await staff.post(`/api/admin/payments/${row!.paymentId}/approve`, { json: {} })).statusCode).toBe(200);
  return { ...member, ad };
}

/** The advert's weeks ran out: its two weeks moved into the past, as the days passing would. */
async function weeksOver(adId: string) {
  await portal.app.ctx.db
    .update(ads)
    .set({ startDate: day(-14), endDate: day(-1) })
    .where(eq(ads.id, adId));
  forgetRunningAds(portal.app.ctx);
}

async function publicIds(times = 1): Promise<string[][]> {
  const visitor = new TestClient(portal.app);
  const answers = [];
  for (let i = 0; i < times; i++) answers.push((await visitor.get('/api/ads')).json().map((a: { id: string }) => a.id));
  return answers;
}

describe('placing an ad', () => {
  it('stores it pending, not public, with its payment waiting for review', async () => {
    const { client, ad } = await placedAd(AD_FIELDS, false);
    expect(ad).toMatchObject({ status: 'pending', linkUrl: AD_FIELDS.linkUrl, altText: AD_FIELDS.altText, weeks: 2, clicks: 0 });
    expect(ad.imageUrl).toMatch(/^\/api\/files\//);
    expect((await client.get('/api/users/profile')).json().user.ad.status).toBe('pending');
    expect((await publicIds())[0]).not.toContain(ad.id);
    expect((await new TestClient(portal.app).get(`/api/ads/${ad.id}/image`)).statusCode).toBe(404);

    const queue = (await staff.get('/api/admin/ads?status=pending')).json();
    expect(queue.find((a: { id: string }) => a.id === ad.id)).toMatchObject({ weeks: 2, amountKobo: 1_000_000, paymentStatus: 'pending', status: 'pending' });
  });

  it('resizes the image to the strip and strips its metadata', async () => {
    const { client, ad } = await placedAd();
    const image = await client.get(ad.imageUrl);
    const meta = await sharp(image.rawPayload).metadata();
    expect([meta.width, meta.height]).toEqual([728, 182]);
    expect(meta.exif).toBeUndefined();
  });

  it('refuses a member who is not activated with 403', async () => {
    const member = await signedUpMember(portal.app);
    const response = await member.client.put('/api/users/profile', { form: await advertForm() });
    expect(response.statusCode).toBe(403);
  });

  it.each([
    [{ ...AD_FIELDS, linkUrl: 'javascript:alert(1)' }, 'Link URL must be a web address starting with http:// or https://'],
    [{ ...AD_FIELDS, linkUrl: 'ftp://files.example.com' }, 'Link URL must be a web address starting with http:// or https://'],
    [{ ...AD_FIELDS, altText: '' }, 'Alt text is required'],
    [{ ...AD_FIELDS, weeks: '0' }, 'Weeks must be between 1 and 52'],
  ])('refuses %o', async (fields, message) => {
    const member = await activatedMember(portal.app);
    const response = await member.client.put('/api/users/profile', { form: await advertForm({ fields }) });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe(message);
  });

  it('refuses a non-image with 415 and an image over 2 MB with 413', async () => {
    const member = await activatedMember(portal.app);
    const fake = await member.client.put('/api/users/profile', {
      form: await advertForm({ image: { data: Buffer.from('GIF89a but not really'), name: 'ad.png' } }),
    });
    expect(fake.statusCode).toBe(415);
    const broken = await member.client.put('/api/users/profile', { form: await advertForm({ image: { data: await corruptPng(), name: 'ad.png' } }) });
    expect(broken.statusCode).toBe(415);
    expect(broken.json().message).toBe('Ad image could not be read as an image');
    const webp = await sharp({ create: { width: 10, height: 10, channels: 3, background: '#000' } })
      .webp()
      .toBuffer();
    expect((await member.client.put('/api/users/profile', { form: await advertForm({ image: { data: webp, name: 'ad.webp' } }) })).statusCode).toBe(415);
    const big = Buffer.concat([await photo(), Buffer.alloc(2 * 1024 * 1024)]);
    const tooBig = await member.client.put('/api/users/profile', { form: await advertForm({ image: { data: big, name: 'ad.jpg' } }) });
    expect(tooBig.statusCode).toBe(413);
    expect(tooBig.json().message).toBe('Ad image must be at most 2 MB');
    expect((await member.client.get('/api/users/profile')).json().user.ad.imageUrl).toBeNull();
  });

  it('asks for the image', async () => {
    const member = await activatedMember(portal.app);
    const response = await member.client.put('/api/users/profile', { form: await advertForm({ image: null }) });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe('Ad image is required');
  });
});

describe('review and the public strip', () => {
  it('shows an approved ad only within its dates, and counts its clicks', async () => {
    const { client, ad, user } = await placedAd();
    const approve = await staff.post(`/api/admin/ads/${ad.id}/approve`, { json: { startDate: day(0), frequency: 'always' } });
    expect(approve.statusCode).toBe(200);
    await mailbox.waitFor((m) => m.to === user.email && /advert was approved/.test(m.subject));

    const strip = (await new TestClient(portal.app).get('/api/ads')).json();
    const shown = strip.find((a: { id: string }) => a.id === ad.id);
    expect(shown).toEqual({
      id: ad.id,
      imageUrl: `/api/ads/${ad.id}/image`,
      linkUrl: AD_FIELDS.linkUrl,
      clickUrl: `/api/ads/${ad.id}/click`,
      altText: AD_FIELDS.altText,
      width: 728,
      height: 182,
    });
    const image = await new TestClient(portal.app).get(shown.imageUrl);
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/webp');
    // A shared cache may keep this answer, so it carries no cookie, the security token's included.
    expect(image.headers['cache-control']).toMatch(/^public/);
    expect(image.headers['set-cookie']).toBeUndefined();

    for (let i = 0; i < 3; i++) {
      const click = await new TestClient(portal.app).get(shown.clickUrl);
      expect(click.statusCode).toBe(302);
      expect(click.headers.location).toBe(AD_FIELDS.linkUrl);
    }
    expect((await client.get('/api/users/profile')).json().user.ad).toMatchObject({ status: 'running', clicks: 3, startDate: day(0), endDate: day(13) });
    const running = (await staff.get('/api/admin/ads?status=running')).json().find((a: { id: string }) => a.id === ad.id);
    expect(running).toMatchObject({ clicks: 3, paymentStatus: 'approved' });

    // Its two weeks over: off the strip.
    await weeksOver(ad.id);
    expect((await publicIds())[0]).not.toContain(ad.id);
    expect((await new TestClient(portal.app).get(shown.clickUrl)).statusCode).toBe(404);
  });

  it('never shows an ad whose dates have passed', async () => {
    const { ad } = await placedAd();
    expect((await staff.post(`/api/admin/ads/${ad.id}/approve`, { json: { startDate: day(0), frequency: 'always' } })).statusCode).toBe(200);
    expect((await publicIds())[0]).toContain(ad.id);
    await weeksOver(ad.id);
    expect((await publicIds())[0]).not.toContain(ad.id);
    expect((await staff.get('/api/admin/ads?status=ended')).json().map((a: { id: string }) => a.id)).toContain(ad.id);
  });

  it('shows `always` ads in every answer and `randomly` ads in some', async () => {
    const always = await placedAd();
    const randomly = await placedAd();
    await staff.post(`/api/admin/ads/${always.ad.id}/approve`, { json: { startDate: day(0), frequency: 'always' } });
    await staff.post(`/api/admin/ads/${randomly.ad.id}/approve`, { json: { startDate: day(0), frequency: 'randomly' } });
    const answers = await publicIds(40);
    expect(answers.filter((ids) => ids.includes(always.ad.id))).toHaveLength(40);
    const randomCount = answers.filter((ids) => ids.includes(randomly.ad.id)).length;
    expect(randomCount).toBeGreaterThan(0);
    expect(randomCount).toBeLessThan(40);
  });

  it('rejects with a reason the member sees and is emailed', async () => {
    const { client, ad, user } = await placedAd();
    const reject = await staff.post(`/api/admin/ads/${ad.id}/reject`, { json: { reason: 'The link does not open.' } });
    expect(reject.statusCode).toBe(200);
    expect((await client.get('/api/users/profile')).json().user.ad).toMatchObject({ status: 'rejected', reason: 'The link does not open.' });
    const mail = await mailbox.waitFor((m) => m.to === user.email && /not approved/.test(m.subject));
    expect(mail.text).toContain('The link does not open.');
    const approveAfter = await staff.post(`/api/admin/ads/${ad.id}/approve`, { json: { startDate: day(0), frequency: 'always' } });
    expect(approveAfter.statusCode).toBe(409);
    expect(approveAfter.json().message).toBe('This advert was already rejected.');
    const unknown = await staff.post('/api/admin/ads/00000000-0000-4000-8000-000000000000/reject', { json: { reason: 'The link does not open.' } });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe('Advert not found');
  });

  it('validates the schedule', async () => {
    const { ad } = await placedAd();
    const backwards = await staff.post(`/api/admin/ads/${ad.id}/approve`, { json: { startDate: day(5), endDate: day(1), frequency: 'always' } });
    expect(backwards.statusCode).toBe(400);
    expect(backwards.json().message).toBe(
      `An advert runs for the weeks paid (2 weeks: to ${displayDate(day(18))}). To take it off sooner, end it once it runs.`,
    );
    const badFrequency = await staff.post(`/api/admin/ads/${ad.id}/approve`, { json: { startDate: day(0), frequency: 'sometimes' } });
    expect(badFrequency.json().message).toBe('Frequency must be always or randomly');
  });

  it('lets staff end a running ad early', async () => {
    const { ad, client } = await placedAd();
    await staff.post(`/api/admin/ads/${ad.id}/approve`, { json: { startDate: day(0), frequency: 'always' } });
    expect((await staff.patch(`/api/admin/ads/${ad.id}`, { json: { end: true } })).statusCode).toBe(200);
    expect((await publicIds())[0]).not.toContain(ad.id);
    expect((await client.get('/api/users/profile')).json().user.ad.status).toBe('ended');
    const audit = (await staff.get(`/api/admin/audit?subjectType=ad&subjectId=${ad.id}`)).json().entries.map((e: { action: string }) => e.action);
    expect(audit).toEqual(['ad.ended', 'ad.approved']);
  });

  it('keeps the staff API from members', async () => {
    const { client, ad } = await placedAd();
    expect((await client.get('/api/admin/ads')).statusCode).toBe(403);
    expect((await client.post(`/api/admin/ads/${ad.id}/approve`, { json: { startDate: day(0), frequency: 'always' } })).statusCode).toBe(403);
    expect((await client.patch(`/api/admin/ads/${ad.id}`, { json: { end: true } })).statusCode).toBe(403);
  });
});

describe('the advert period is the weeks the member paid', () => {
  const oneWeek = { ...AD_FIELDS, weeks: '1' };
  const runsFor = (weeks: string, end: string) => `An advert runs for the weeks paid (${weeks}: to ${displayDate(end)}).`;
  const longer = (weeks: string, end: string) => `${runsFor(weeks, end)} To run it longer, the member places and pays a new advert.`;

  it('ends where the paid weeks end: an approval cannot give a 1-week advert more, and the ledger books the weeks paid', async () => {
    const { client, ad } = await placedAd(oneWeek, false);
    const forever = await staff.post(`/api/admin/ads/${ad.id}/approve`, { json: { startDate: day(0), endDate: '2999-12-31', frequency: 'always' } });
    expect(forever.statusCode).toBe(400);
    expect(forever.json().message).toBe(longer('1 week', day(6)));
    const shorter = await staff.post(`/api/admin/ads/${ad.id}/approve`, { json: { startDate: day(0), endDate: day(2), frequency: 'always' } });
    expect(shorter.statusCode).toBe(400);
    expect(shorter.json().message).toBe(`${runsFor('1 week', day(6))} To take it off sooner, end it once it runs.`);
    expect((await client.get('/api/users/profile')).json().user.ad.status).toBe('pending');

    const approved = await staff.post(`/api/admin/ads/${ad.id}/approve`, { json: { startDate: day(2), frequency: 'always' } });
    expect(approved.statusCode, approved.body).toBe(200);
    expect(approved.json().message).toBe(`Advert approved: it runs from ${day(2)} to ${day(8)}.`);
    const [row] = await portal.app.ctx.db.select().from(ads).where(eq(ads.id, ad.id));
    expect((await staff.post(`/api/admin/payments/${row!.paymentId}/approve`, { json: {} })).statusCode).toBe(200);
    const charge = (await client.get('/api/users/ledger')).json().entries.find((e: { kind: string }) => e.kind === 'advert');
    expect(charge).toMatchObject({ description: 'Advert, 1 week', periodFrom: day(2), periodTo: day(8) });
  });

  it('may start today or later, never in the past', async () => {
    const { ad } = await placedAd();
    const past = await staff.post(`/api/admin/ads/${ad.id}/approve`, { json: { startDate: day(-10), frequency: 'always' } });
    expect(past.statusCode).toBe(400);
    expect(past.json().message).toBe(`The start date cannot be before today (${displayDate(today)}).`);
  });

  it('cannot be stretched afterwards: a new start moves the whole paid period, and a running advert keeps its start', async () => {
    const { ad } = await placedAd(oneWeek, false);
    expect((await staff.post(`/api/admin/ads/${ad.id}/approve`, { json: { startDate: day(1), frequency: 'always' } })).statusCode).toBe(200);
    const stretched = await staff.patch(`/api/admin/ads/${ad.id}`, { json: { endDate: '2999-12-31' } });
    expect(stretched.statusCode).toBe(400);
    expect(stretched.json().message).toBe(longer('1 week', day(7)));
    const intoThePast = await staff.patch(`/api/admin/ads/${ad.id}`, { json: { startDate: day(-1) } });
    expect(intoThePast.statusCode).toBe(400);
    expect(intoThePast.json().message).toBe(`The start date cannot be before today (${displayDate(today)}).`);

    expect((await staff.patch(`/api/admin/ads/${ad.id}`, { json: { startDate: day(3) } })).statusCode).toBe(200);
    const moved = (await staff.get('/api/admin/ads?status=running')).json().find((a: { id: string }) => a.id === ad.id);
    expect(moved).toMatchObject({ startDate: day(3), endDate: day(9) });

    const running = await placedAd(oneWeek);
    expect((await staff.post(`/api/admin/ads/${running.ad.id}/approve`, { json: { startDate: day(0), frequency: 'always' } })).statusCode).toBe(200);
    const restarted = await staff.patch(`/api/admin/ads/${running.ad.id}`, { json: { startDate: day(1) } });
    expect(restarted.statusCode).toBe(409);
    expect(restarted.json().message).toBe(
      `This advert has run since ${displayDate(day(0))}: its start cannot move, or it would run longer than the weeks paid. End it early instead.`,
    );
    expect((await staff.patch(`/api/admin/ads/${running.ad.id}`, { json: { frequency: 'randomly' } })).statusCode).toBe(200);
    expect((await running.client.get('/api/users/profile')).json().user.ad).toMatchObject({ status: 'running', startDate: day(0), endDate: day(6) });
  });
});

describe('deleting an ad', () => {
  it('nulls the three fields, removes the image and takes it off the strip', async () => {
    const { client, ad } = await placedAd();
    await staff.post(`/api/admin/ads/${ad.id}/approve`, { json: { startDate: day(0), frequency: 'always' } });
    const [row] = await portal.app.ctx.db.select().from(ads).where(eq(ads.id, ad.id));
    const response = await client.put('/api/users/profile', { json: { ad: { imageUrl: null, linkUrl: null, altText: null } } });
    expect(response.statusCode).toBe(200);
    expect(response.json().message).toBe('Ad deleted successfully!');
    expect(response.json().user.ad).toMatchObject({ imageUrl: null, linkUrl: null, altText: null });
    expect(await portal.app.ctx.db.select().from(files).where(eq(files.id, row!.imageFileId!))).toHaveLength(0);
    expect((await publicIds())[0]).not.toContain(ad.id);
    const again = await client.put('/api/users/profile', { form: await advertForm() });
    expect(again.statusCode).toBe(200);
  });

  it('refuses a second live ad', async () => {
    const { client } = await placedAd();
    const second = await client.put('/api/users/profile', { form: await advertForm() });
    expect(second.statusCode).toBe(409);
  });

  it('keeps one advert and one payment when the form is sent twice at once, and answers the other 409', async () => {
    const { client, user } = await activatedMember(portal.app);
    const [first, second] = await Promise.all([advertForm(), advertForm()]);
    const answers = await Promise.all([client.put('/api/users/profile', { form: first }), client.put('/api/users/profile', { form: second })]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409]);
    expect(answers.find((answer) => answer.statusCode === 409)!.json().message).toBe('You already have an advert. Delete it before placing a new one.');
    const db = portal.app.ctx.db;
    expect(await db.select({ id: ads.id }).from(ads).where(eq(ads.userId, user.id))).toHaveLength(1);
    expect(
      await db
        .select({ id: payments.id })
        .from(payments)
        .where(and(eq(payments.userId, user.id), eq(payments.kind, 'ad'))),
    ).toHaveLength(1);
    // The refused form's image and slip leave storage with its rows.
    const stored = await storedFilesOf(portal.app, user.id);
    expect(stored.map((file) => file.purpose).sort()).toEqual(['ad-image', 'payment-slip']);
  });

  it('lets the database itself hold one pending advert per member', async () => {
    const { user } = await placedAd();
    const db = portal.app.ctx.db;
    const second = db.insert(ads).values({ userId: user.id, weeks: 1 });
    await expect(second).rejects.toSatisfy((error) => uniqueViolation(error) === 'ads_one_pending_per_member_key');
    // Refused, rejected and deleted adverts do not count.
    await db.insert(ads).values([
      { userId: user.id, weeks: 1, state: 'rejected' },
      { userId: user.id, weeks: 1, state: 'deleted' },
    ]);
  });

  it('goes with the member when the account is terminated: its image and slip leave storage', async () => {
    const { client, ad, user } = await placedAd();
    await staff.post(`/api/admin/ads/${ad.id}/approve`, { json: { startDate: day(0), frequency: 'always' } });
    const stored = await storedFilesOf(portal.app, user.id);
    expect(stored.map((file) => file.purpose).sort()).toEqual(['ad-image', 'payment-slip']);
    expect(stored.every((file) => file.inStorage)).toBe(true);
    expect((await client.delete('/api/users/terminate', { json: { currentPassword: PASSWORD } })).statusCode).toBe(200);
    expect(
      await stillStored(
        portal.app,
        stored.map((file) => file.storageKey),
      ),
    ).toEqual([]);
    expect((await publicIds())[0]).not.toContain(ad.id);
  });

  it('refuses a malformed delete', async () => {
    const { client } = await placedAd();
    const response = await client.put('/api/users/profile', { json: { ad: { imageUrl: 'x' } } });
    expect(response.statusCode).toBe(400);
  });
});
