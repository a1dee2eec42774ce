import { desc, eq, like } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import { files, payments } from '../db/schema.js';
import { corruptPng, jpegWithGps, multipart, PDF_BYTES, pixelBombPng, pngBytes } from '../test-support/files.js';
import { advertForm } from '../test-support/advert-form.js';
import { TestMailbox } from '../test-support/mailbox.js';
import { activatedMember, createTestApp, signedInStaff, signedUpMember, type TestClient } from '../test-support/test-app.js';

const mailbox = new TestMailbox();
let portal: Awaited<ReturnType<typeof createTestApp>>;
let png: Buffer;
beforeAll(async () => {
  portal = await createTestApp({}, { mailTransport: mailbox.transport });
  png = await pngBytes();
});
afterAll(() => portal.close());

async function verifiedMember(): Promise<TestClient> {
  const { client, user } = await signedUpMember(portal.app);
  await client.post('/api/users/verify-email', { json: { email: user.email } });
  const code = await mailbox.codeFor(user.email, /verification code/);
  expect((await client.post('/api/users/verify-code', { json: { email: user.email, code } })).statusCode).toBe(200);
  return client;
}

async function talentMember(): Promise<TestClient> {
  const { client } = await activatedMember(portal.app);
  await client.put('/api/talent/me', { json: { category: 'model', stageName: 'Ada', bio: '', published: false, show: [] } });
  return client;
}

const CAMPING = ['welfarePayment', 'premierePayment', 'aerobicPayment', 'labTest', 'nationalId', 'utilityBill', 'taxClearance'] as const;
const EVENT_FIELDS = {
  surname: 'Okafor',
  firstName: 'Chioma',
  registrationNumber: 'REG-0042',
  companyId: 'HM-77',
  selectedEvent: 'orphanage',
  amountPaid: '5000.50',
  paymentDate: '2024-05-01',
};

/** Every route that takes an image, each sending `image` in its image field and valid files elsewhere. */
const IMAGE_ROUTES: [string, string, (image: Buffer) => Promise<LightMyRequestResponse>][] = [
  [
    'profile picture',
    'Profile picture',
    async (image) => {
      const { client, user } = await signedUpMember(portal.app);
      return client.put('/api/users/profile', { form: multipart({ phone: user.phone, title: 'Model' }, { profilePic: { data: image, name: 'me.png' } }) });
    },
  ],
  [
    'advert image',
    'Ad image',
    async (image) =>
      (await activatedMember(portal.app)).client.put('/api/users/profile', {
        form: await advertForm({ image: { data: image, name: 'ad.png' } }),
      }),
  ],
  [
    'advert payment slip',
    'Payment slip',
    async (image) =>
      (await activatedMember(portal.app)).client.put('/api/users/profile', {
        form: await advertForm({ image: { data: png, name: 'ad.png' }, slip: { data: image, name: 'slip.png' } }),
      }),
  ],
  [
    'membership payment slip',
    'Payment slip',
    async (image) => (await verifiedMember()).post('/api/users/upload-slip', { form: multipart({}, { paymentSlip: { data: image, name: 'slip.png' } }) }),
  ],
  [
    'talent photo',
    'Photo',
    async (image) => (await talentMember()).post('/api/talent/me/photos', { form: multipart({}, { photo: { data: image, name: 'me.png' } }) }),
  ],
  [
    'form photo',
    'Passport image',
    async (image) =>
      (await signedUpMember(portal.app)).client.post('/api/users/eventform', {
        form: multipart(EVENT_FIELDS, {
          tellerImage: { data: png, name: 't.png' },
          passportImage: { data: image, name: 'p.png' },
          signatureImage: { data: png, name: 's.png' },
        }),
      }),
  ],
  [
    'form document',
    'Lab test',
    async (image) =>
      (await activatedMember(portal.app)).client.post('/api/users/campingform', {
        form: multipart(
          { artistId: 'ART-7' },
          Object.fromEntries(CAMPING.map((field) => [field, { data: field === 'labTest' ? image : PDF_BYTES, name: `${field}.png` }])),
        ),
      }),
  ],
];

describe('every image upload', () => {
  it.each(IMAGE_ROUTES)('%s: refuses a file that starts like a PNG but does not decode with 415', async (_route, label, send) => {
    const response = await send(await corruptPng());
    expect(response.statusCode).toBe(415);
    expect(response.json().message).toBe(`${label} could not be read as an image`);
  });

  it.each(IMAGE_ROUTES)('%s: refuses a small PNG declaring 30000x30000 pixels with 413', async (_route, label, send) => {
    const response = await send(pixelBombPng());
    expect(response.statusCode).toBe(413);
    expect(response.json().message).toBe(`${label} must be at most 50 megapixels`);
  });

  it.each(IMAGE_ROUTES)('%s: accepts a real image', async (_route, _label, send) => {
    expect((await send(png)).statusCode).toBeLessThan(300);
  });
});

describe('what is kept and how it is served', () => {
  it('keeps every uploaded image without its EXIF and GPS data, whichever route it came by', async () => {
    const photo = await jpegWithGps();
    expect((await sharp(photo).metadata()).exif).toBeDefined();
    for (const [route, , send] of IMAGE_ROUTES) expect((await send(photo)).statusCode, route).toBeLessThan(300);
    const images = await portal.app.ctx.db.select().from(files).where(like(files.mimeType, 'image/%'));
    expect(new Set(images.map((row) => row.purpose))).toEqual(
      new Set(['profile-pic', 'ad-image', 'payment-slip', 'talent-photo', 'form:event', 'form:camping']),
    );
    for (const row of images) {
      const stored = await streamBytes(row.storageKey);
      expect((await sharp(stored).metadata()).exif, row.purpose).toBeUndefined();
      expect(stored.includes('secret-owner'), row.purpose).toBe(false);
    }
  });

  it('serves a PDF, which may carry JavaScript, as a download under a policy that runs nothing, and keeps private files out of caches', async () => {
    const client = await verifiedMember();
    const upload = await client.post('/api/users/upload-slip', { form: multipart({}, { paymentSlip: { data: PDF_WITH_SCRIPT, name: 'slip.pdf' } }) });
    expect(upload.statusCode).toBe(201);
    const [payment] = await portal.app.ctx.db.select().from(payments).orderBy(desc(payments.createdAt)).limit(1);
    const staff = await signedInStaff(portal.app);
    const asStaff = await staff.get(`/api/admin/payments/${payment!.id}/slip`);
    const [row] = await portal.app.ctx.db.select().from(files).where(eq(files.id, payment!.slipFileId!));
    const asOwner = await client.get(`/api/files/${row!.id}`);
    for (const response of [asStaff, asOwner]) {
      expect(response.statusCode).toBe(200);
      expect(response.rawPayload.equals(PDF_WITH_SCRIPT)).toBe(true);
      expect(response.headers['content-disposition']).toMatch(/^attachment/);
      expect(response.headers['content-security-policy']).toMatch(/(^|; )sandbox($|;)/);
      expect(response.headers['cache-control']).toBe('private, no-store');
    }
  });

  it('serves a private image inline, sandboxed and never cached', async () => {
    const { client, user } = await signedUpMember(portal.app);
    const response = await client.put('/api/users/profile', {
      form: multipart({ phone: user.phone, title: 'Model' }, { profilePic: { data: png, name: 'me.png' } }),
    });
    const picture = await client.get(response.json().user.profilePic);
    expect(picture.headers['content-disposition']).toBe('inline');
    expect(picture.headers['content-security-policy']).toMatch(/(^|; )sandbox($|;)/);
    expect(picture.headers['cache-control']).toBe('private, no-store');
  });
});

const PDF_WITH_SCRIPT = Buffer.from(
  '%PDF-1.4\n1 0 obj\n<< /Type /Catalog /OpenAction << /S /JavaScript /JS (app.alert\\(document.cookie\\)) >> >>\nendobj\ntrailer\n<< /Root 1 0 R >>\n%%EOF\n',
);

async function streamBytes(storageKey: string): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of (await portal.app.ctx.storage.open(storageKey)).stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}
