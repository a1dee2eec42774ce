import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import { corruptPng, multipart, PDF_BYTES, pixelBombPng, pngBytes } from '../test-support/files.js';
import { TestMailbox } from '../test-support/mailbox.js';
import { activatedMember, createTestApp, signedUpMember, type TestClient } from '../test-support/test-app.js';

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

const AD_FIELDS = { linkUrl: 'https://ngozi-styles.example.com/shop', altText: 'Ngozi Styles: bridal fashion', weeks: '2' };
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
    async (image) =>
      (await signedUpMember(portal.app)).client.put('/api/users/profile', { form: multipart({ phone: '08031230009', title: 'Model' }, { profilePic: { data: image, name: 'me.png' } }) }),
  ],
  [
    'advert image',
    'Ad image',
    async (image) =>
      (await activatedMember(portal.app)).client.put('/api/users/profile', {
        form: multipart(AD_FIELDS, { imageUrl: { data: image, name: 'ad.png' }, paymentSlip: { data: PDF_BYTES, name: 'slip.pdf' } }),
      }),
  ],
  [
    'advert payment slip',
    'Payment slip',
    async (image) =>
      (await activatedMember(portal.app)).client.put('/api/users/profile', {
        form: multipart(AD_FIELDS, { imageUrl: { data: png, name: 'ad.png' }, paymentSlip: { data: image, name: 'slip.png' } }),
      }),
  ],
  ['membership payment slip', 'Payment slip', async (image) => (await verifiedMember()).post('/api/users/upload-slip', { form: multipart({}, { paymentSlip: { data: image, name: 'slip.png' } }) })],
  ['talent photo', 'Photo', async (image) => (await talentMember()).post('/api/talent/me/photos', { form: multipart({}, { photo: { data: image, name: 'me.png' } }) })],
  [
    'form photo',
    'Passport image',
    async (image) =>
      (await signedUpMember(portal.app)).client.post('/api/users/eventform', {
        form: multipart(EVENT_FIELDS, { tellerImage: { data: png, name: 't.png' }, passportImage: { data: image, name: 'p.png' }, signatureImage: { data: png, name: 's.png' } }),
      }),
  ],
  [
    'form document',
    'Lab test',
    async (image) =>
      (await activatedMember(portal.app)).client.post('/api/users/campingform', {
        form: multipart({ artistId: 'ART-7' }, Object.fromEntries(CAMPING.map((field) => [field, { data: field === 'labTest' ? image : PDF_BYTES, name: `${field}.png` }]))),
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
