import { readdirSync } from 'node:fs';
import path from 'node:path';
import { and, count, eq } from 'drizzle-orm';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FORM_DEFINITIONS } from '../../shared/form-definitions.js';
import { FORM_KINDS } from '../../shared/form-routes.js';
import { FORM_SCHEMAS } from '../../shared/schemas/forms.js';
import { files, premieres, sessions, submissionFiles, submissions, users } from '../db/schema.js';
import { createTestApp, PASSWORD, signedInStaff, signedUpMember, TestClient } from '../test-support/test-app.js';
import { corruptPng, jpegWithGps, LARGE_BYTES, multipart, PDF_BYTES, pngBytes, TEXT_BYTES } from '../test-support/files.js';
import { welfareFields } from '../test-support/sample-forms.js';

let portal: Awaited<ReturnType<typeof createTestApp>>;
let app: FastifyInstance;
let png: Buffer;
beforeAll(async () => {
  portal = await createTestApp();
  app = portal.app;
  png = await pngBytes();
});
afterAll(() => portal.close());

async function activatedMember() {
  const member = await signedUpMember(app);
  await app.ctx.db.update(users).set({ activated: true, paidUntil: '2099-12-31' }).where(eq(users.id, member.user.id));
  return member;
}

async function submissionsOf(userId: string) {
  return app.ctx.db.select().from(submissions).where(eq(submissions.userId, userId));
}

function uploadsOnDisk(): string[] {
  try {
    return readdirSync(path.join(app.ctx.config.dataDir, 'uploads'));
  } catch {
    return [];
  }
}

async function rowCounts() {
  const [s] = await app.ctx.db.select({ n: count() }).from(submissions);
  const [f] = await app.ctx.db.select({ n: count() }).from(files);
  const [l] = await app.ctx.db.select({ n: count() }).from(submissionFiles);
  return { submissions: s?.n, files: f?.n, links: l?.n, bytes: uploadsOnDisk().length };
}

const scriptFields = () => ({
  name: 'Chioma Okafor',
  email: 'Chioma@Example.com',
  phone: '0803 123 4567',
  documentType: 'flyers',
  quantity: 50,
  paperSize: 'a4',
  color: 'full-color',
  comments: 'Glossy if possible',
});

const premiereFields = () => ({
  name: 'Chioma Okafor',
  email: 'chioma@example.com',
  contact: '08031234567',
  movie: 'King of Boys',
  showtime: '7pm',
  requests: 'Aisle seat',
});

const eventFields = (): Record<string, string> => ({
  surname: 'Okafor',
  firstName: 'Chioma',
  registrationNumber: 'REG-0042',
  companyId: 'HM-77',
  selectedEvent: 'orphanage',
  amountPaid: '5000.50',
  paymentDate: '2024-05-01',
});

const eventFiles = (overrides: Record<string, { data: Buffer; name: string }> = {}) => ({
  tellerImage: { data: png, name: 'teller.png' },
  passportImage: { data: png, name: 'passport.png' },
  signatureImage: { data: png, name: 'signature.png' },
  ...overrides,
});

const CAMPING_FIELDS = ['welfarePayment', 'premierePayment', 'aerobicPayment', 'labTest', 'nationalId', 'utilityBill', 'taxClearance'];
const campingFiles = () =>
  Object.fromEntries(CAMPING_FIELDS.map((field, i) => [field, i % 2 ? { data: png, name: `${field}.png` } : { data: PDF_BYTES, name: `${field}.pdf` }]));

const artistFields = (): Record<string, string> => ({
  registrationCategory: 'music',
  surname: 'Okafor',
  firstName: 'Chioma',
  gender: 'female',
  dateOfBirth: '1995-04-12',
  graduationYear: '2017',
  callNumber1: '08031234567',
  email: 'chioma@example.com',
  howDidYouKnow: 'social-media,friend',
  heightFt: '5',
  heightInch: '7',
  weight: '62.5',
  chest: '88',
  hairColor: 'Black',
  eyeColor: 'Brown',
  inProduction: 'yes',
  movieRole: 'supporting',
  joinedYear: '2020-01-15',
  hasId: 'no',
  roleType: 'actress',
  termsAccepted: 'on',
  membershipReasons: 'To grow my career',
});

const artistFiles = () => ({ passportPicture: { data: png, name: 'me.png' }, paymentTeller: { data: PDF_BYTES, name: 'teller.pdf' } });

describe('script printing form', () => {
  it('stores the submission and answers with the spec text', async () => {
    const { client, user } = await activatedMember();
    const response = await client.post('/api/users/scriptprintingform', { json: scriptFields() });
    expect(response.statusCode).toBe(201);
    expect(response.json()).toEqual({ message: 'Form submitted successfully!' });
    const [row] = await submissionsOf(user.id);
    expect(row).toMatchObject({ form: 'script-printing', state: 'new' });
    expect(row?.data).toMatchObject({ email: 'chioma@example.com', phone: '+2348031234567', quantity: 50, documentType: 'flyers' });
  });

  it('accepts the same fields sent as multipart form data', async () => {
    const { client, user } = await activatedMember();
    const fields = Object.fromEntries(Object.entries(scriptFields()).map(([k, v]) => [k, String(v)]));
    const response = await client.post('/api/users/scriptprintingform', { form: multipart(fields, {}) });
    expect(response.statusCode).toBe(201);
    const [row] = await submissionsOf(user.id);
    expect(row?.data.quantity).toBe(50);
  });

  it('defaults the quantity to 1 and leaves comments optional', async () => {
    const { client, user } = await activatedMember();
    const { quantity: _q, comments: _c, ...rest } = scriptFields();
    expect((await client.post('/api/users/scriptprintingform', { json: rest })).statusCode).toBe(201);
    const [row] = await submissionsOf(user.id);
    expect(row?.data.quantity).toBe(1);
    expect(row?.data.comments).toBeUndefined();
  });

  it.each([
    ['name', 'Name is required'],
    ['email', 'Email is required'],
    ['phone', 'Phone is required'],
    ['documentType', 'Document type must be one of the listed options'],
    ['paperSize', 'Paper size must be one of the listed options'],
    ['color', 'Color must be one of the listed options'],
  ])('names the missing field %s', async (field, message) => {
    const { client } = await activatedMember();
    const body: Record<string, unknown> = scriptFields();
    delete body[field];
    const response = await client.post('/api/users/scriptprintingform', { json: body });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe(message);
  });

  it.each([
    [{ documentType: 'leaflets' }, 'Document type must be one of the listed options'],
    [{ paperSize: 'A5' }, 'Paper size must be one of the listed options'],
    [{ color: 'sepia' }, 'Color must be one of the listed options'],
    [{ quantity: 0 }, 'Quantity must be at least 1'],
    [{ quantity: '2.5' }, 'Quantity must be a whole number'],
    [{ quantity: 'many' }, 'Quantity must be a number'],
    [{ email: 'nope' }, 'Email must be a valid email address'],
    [{ phone: '123' }, 'Phone must be a valid phone number'],
  ])('refuses %o', async (override, message) => {
    const { client } = await activatedMember();
    const response = await client.post('/api/users/scriptprintingform', { json: { ...scriptFields(), ...override } });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe(message);
  });
});

describe('welfare form', () => {
  it('stores the submission', async () => {
    const { client, user } = await activatedMember();
    const response = await client.post('/api/users/welfareform', { json: welfareFields() });
    expect(response.statusCode).toBe(201);
    expect(response.json().message).toBe('Form submitted successfully!');
    const [row] = await submissionsOf(user.id);
    expect(row).toMatchObject({ form: 'welfare', data: { benefits: 'healthcare', dob: '1990-02-03' } });
  });

  it.each([
    ['name', 'Name is required'],
    ['dob', 'Date of birth is required'],
    ['address', 'Address is required'],
    ['phone', 'Phone is required'],
    ['email', 'Email is required'],
    ['benefits', 'Benefits must be one of the listed options'],
  ])('names the missing field %s', async (field, message) => {
    const { client } = await activatedMember();
    const body: Record<string, unknown> = welfareFields();
    delete body[field];
    const response = await client.post('/api/users/welfareform', { json: body });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe(message);
  });

  it.each([
    [{ benefits: 'cash' }, 'Benefits must be one of the listed options'],
    [{ dob: '1990-02-30' }, 'Date of birth must be a valid date'],
  ])('refuses %o', async (override, message) => {
    const { client } = await activatedMember();
    const response = await client.post('/api/users/welfareform', { json: { ...welfareFields(), ...override } });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe(message);
  });
});

describe('movie premiere form', () => {
  it('lists the open premieres publicly, each title once', async () => {
    const response = await new TestClient(app).get('/api/premieres');
    expect(response.statusCode).toBe(200);
    const list = response.json() as { id: string; title: string; showtimes: string[] }[];
    expect(list.length).toBeGreaterThanOrEqual(40);
    expect(list.length).toBeLessThanOrEqual(76);
    expect(new Set(list.map((p) => p.title)).size).toBe(list.length);
    expect(list.map((p) => p.title)).toEqual(expect.arrayContaining(['King of Boys', 'Òlòtūré', 'A Tribe Called Judah']));
    expect(list[0]?.showtimes).toEqual(['5pm', '7pm', '9pm']);
  });

  it.each(['/api/users/moviepremiereform', '/api/users/moviePremiereForm'])('accepts a booking at %s', async (url) => {
    const { client, user } = await activatedMember();
    const response = await client.post(url, { json: premiereFields() });
    expect(response.statusCode).toBe(201);
    expect(response.json().message).toBe('Form submitted successfully!');
    const [row] = await submissionsOf(user.id);
    expect(row).toMatchObject({ form: 'movie-premiere', data: { movie: 'King of Boys', showtime: '7pm', contact: '+2348031234567' } });
  });

  it('leaves requests optional', async () => {
    const { client } = await activatedMember();
    const { requests: _r, ...rest } = premiereFields();
    expect((await client.post('/api/users/moviepremiereform', { json: rest })).statusCode).toBe(201);
  });

  it.each([
    ['name', 'Name is required'],
    ['email', 'Email is required'],
    ['contact', 'Contact is required'],
    ['movie', 'Movie is required'],
    ['showtime', 'Showtime must be one of the listed options'],
  ])('names the missing field %s', async (field, message) => {
    const { client } = await activatedMember();
    const body: Record<string, unknown> = premiereFields();
    delete body[field];
    const response = await client.post('/api/users/moviepremiereform', { json: body });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe(message);
  });

  it('refuses an unknown or retired film and a showtime not offered', async () => {
    const { client } = await activatedMember();
    const unknown = await client.post('/api/users/moviepremiereform', { json: { ...premiereFields(), movie: 'Not A Real Film' } });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().message).toBe('Movie must be one of the films open for premiere bookings');
    await app.ctx.db.insert(premieres).values([
      { title: 'Retired Test Film', open: false },
      { title: 'Matinee Test Film', showtimes: ['5pm'] },
    ]);
    const retired = await client.post('/api/users/moviepremiereform', { json: { ...premiereFields(), movie: 'Retired Test Film' } });
    expect(retired.statusCode).toBe(400);
    const late = await client.post('/api/users/moviepremiereform', { json: { ...premiereFields(), movie: 'Matinee Test Film', showtime: '9pm' } });
    expect(late.statusCode).toBe(400);
    expect(late.json().message).toBe('Showtime is not offered for this movie');
    const badTime = await client.post('/api/users/moviepremiereform', { json: { ...premiereFields(), showtime: '8pm' } });
    expect(badTime.statusCode).toBe(400);
    expect(badTime.json().message).toBe('Showtime must be one of the listed options');
  });
});

describe('event form', () => {
  it('needs only a signed-in member, stores the files and lists the event', async () => {
    const { client, user } = await signedUpMember(app);
    expect(user.status).toBe(false);
    const response = await client.post('/api/users/eventform', { form: multipart(eventFields(), eventFiles()) });
    expect(response.statusCode).toBe(201);
    expect(response.json().message).toBe('Form submitted successfully!');
    const [row] = await submissionsOf(user.id);
    expect(row).toMatchObject({ form: 'event', data: { amountPaid: 5000.5, selectedEvent: 'orphanage', paymentDate: '2024-05-01' } });
    const links = await app.ctx.db.select().from(submissionFiles).where(eq(submissionFiles.submissionId, row!.id));
    expect(links.map((l) => l.field).sort()).toEqual(['passportImage', 'signatureImage', 'tellerImage']);

    const events = await client.get('/api/users/events');
    expect(events.statusCode).toBe(200);
    const [event] = events.json();
    expect(event).toMatchObject({ id: row!.id, name: 'Orphanage visitation' });
    expect(event.description).toBe('₦5,000.50 paid on 1 May 2024');
    // The member's passport photo is not an event picture.
    expect(event).not.toHaveProperty('imageUrl');
  });

  it('lists events newest first, only the member’s own', async () => {
    const { client } = await signedUpMember(app);
    await client.post('/api/users/eventform', { form: multipart({ ...eventFields(), selectedEvent: 'wedding' }, eventFiles()) });
    await client.post('/api/users/eventform', { form: multipart({ ...eventFields(), selectedEvent: 'coronation-ticket' }, eventFiles()) });
    const events = (await client.get('/api/users/events')).json() as { name: string }[];
    expect(events.map((e) => e.name)).toEqual(['Coronation ticket', 'Wedding']);
    const stranger = await signedUpMember(app);
    expect((await stranger.client.get('/api/users/events')).json()).toEqual([]);
  });

  it('removes EXIF data from photos', async () => {
    const { client, user } = await signedUpMember(app);
    const photo = await jpegWithGps();
    expect(photo.includes(Buffer.from('secret-owner'))).toBe(true);
    await client.post('/api/users/eventform', { form: multipart(eventFields(), eventFiles({ passportImage: { data: photo, name: 'me.jpg' } })) });
    const [row] = await submissionsOf(user.id);
    const [link] = await app.ctx.db
      .select()
      .from(submissionFiles)
      .where(and(eq(submissionFiles.submissionId, row!.id), eq(submissionFiles.field, 'passportImage')));
    const stored = await client.get(`/api/files/${link!.fileId}`);
    expect(stored.rawPayload.includes(Buffer.from('secret-owner'))).toBe(false);
  });

  it.each([
    ['surname', 'Surname is required'],
    ['firstName', 'First name is required'],
    ['registrationNumber', 'Registration number is required'],
    ['companyId', 'Company ID is required'],
    ['selectedEvent', 'Selected event must be one of the listed options'],
    ['amountPaid', 'Amount paid is required'],
    ['paymentDate', 'Payment date is required'],
  ])('names the missing field %s', async (field, message) => {
    const { client } = await signedUpMember(app);
    const fields = eventFields();
    delete fields[field];
    const response = await client.post('/api/users/eventform', { form: multipart(fields, eventFiles()) });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe(message);
  });

  it.each([
    [{ selectedEvent: 'funeral' }, 'Selected event must be one of the listed options'],
    [{ amountPaid: '0' }, 'Amount paid must be greater than 0'],
    [{ amountPaid: '-5' }, 'Amount paid must be greater than 0'],
    [{ amountPaid: 'five' }, 'Amount paid must be a number'],
    [{ amountPaid: '10.123' }, 'Amount paid must have at most 2 decimal places'],
    [{ paymentDate: 'yesterday' }, 'Payment date must be a valid date'],
    [{ paymentDate: '2999-01-01' }, 'Payment date cannot be in the future'],
  ])('refuses %o', async (override, message) => {
    const { client } = await signedUpMember(app);
    const response = await client.post('/api/users/eventform', { form: multipart({ ...eventFields(), ...override }, eventFiles()) });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe(message);
  });

  it.each([
    ['tellerImage', 'Teller image is required'],
    ['passportImage', 'Passport image is required'],
    ['signatureImage', 'Signature image is required'],
  ])('names the missing file %s', async (field, message) => {
    const { client } = await signedUpMember(app);
    const uploads: Record<string, { data: Buffer; name: string }> = eventFiles();
    delete uploads[field];
    const response = await client.post('/api/users/eventform', { form: multipart(eventFields(), uploads) });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe(message);
  });

  it('refuses a text file renamed .png (415), a PDF where an image is needed (415) and 6 MB (413)', async () => {
    const { client, user } = await signedUpMember(app);
    const renamed = await client.post('/api/users/eventform', {
      form: multipart(eventFields(), eventFiles({ tellerImage: { data: TEXT_BYTES, name: 'teller.png' } })),
    });
    expect(renamed.statusCode).toBe(415);
    expect(renamed.json().message).toBe('Teller image must be a JPEG, PNG or WebP file');
    const pdf = await client.post('/api/users/eventform', {
      form: multipart(eventFields(), eventFiles({ signatureImage: { data: PDF_BYTES, name: 'sig.pdf' } })),
    });
    expect(pdf.statusCode).toBe(415);
    const large = await client.post('/api/users/eventform', {
      form: multipart(eventFields(), eventFiles({ passportImage: { data: LARGE_BYTES, name: 'big.png' } })),
    });
    expect(large.statusCode).toBe(413);
    expect(large.json().message).toBe('Passport image must be at most 5 MB');
    expect(await submissionsOf(user.id)).toHaveLength(0);
  });

  it('leaves nothing half-written when the third file fails inside the transaction', async () => {
    const { client, user } = await signedUpMember(app);
    const before = await rowCounts();
    const response = await client.post('/api/users/eventform', {
      form: multipart(eventFields(), eventFiles({ signatureImage: { data: await corruptPng(), name: 'sig.png' } })),
    });
    expect(response.statusCode).toBe(415);
    expect(response.json().message).toBe('Signature image could not be read as an image');
    expect(await rowCounts()).toEqual(before);
    expect(await submissionsOf(user.id)).toHaveLength(0);
  });

  it('asks an anonymous visitor to sign in', async () => {
    const response = await new TestClient(app).post('/api/users/eventform', { form: multipart(eventFields(), eventFiles()) });
    expect(response.statusCode).toBe(401);
  });
});

describe('camping form', () => {
  it('stores the seven documents, images and PDFs alike', async () => {
    const { client, user } = await activatedMember();
    const response = await client.post('/api/users/campingform', { form: multipart({ artistId: 'ART-7' }, campingFiles()) });
    expect(response.statusCode).toBe(201);
    expect(response.json().message).toBe('Form submitted successfully!');
    const [row] = await submissionsOf(user.id);
    expect(row?.data).toEqual({ artistId: 'ART-7' });
    const links = await app.ctx.db.select().from(submissionFiles).where(eq(submissionFiles.submissionId, row!.id));
    expect(links).toHaveLength(7);
    const [pdfLink] = links.filter((l) => l.field === 'welfarePayment');
    const pdf = await client.get(`/api/files/${pdfLink!.fileId}`);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.rawPayload.equals(PDF_BYTES)).toBe(true);
  });

  it('names a missing artist ID', async () => {
    const { client } = await activatedMember();
    const response = await client.post('/api/users/campingform', { form: multipart({}, campingFiles()) });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe('Artist ID is required');
  });

  it.each([
    ['welfarePayment', 'Welfare payment is required'],
    ['premierePayment', 'Premiere payment is required'],
    ['aerobicPayment', 'Aerobic payment is required'],
    ['labTest', 'Lab test is required'],
    ['nationalId', 'National ID is required'],
    ['utilityBill', 'Utility bill is required'],
    ['taxClearance', 'Tax clearance is required'],
  ])('names the missing file %s', async (field, message) => {
    const { client } = await activatedMember();
    const uploads = campingFiles();
    delete uploads[field];
    const response = await client.post('/api/users/campingform', { form: multipart({ artistId: 'ART-7' }, uploads) });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe(message);
  });

  it('refuses a renamed text file with the document types named', async () => {
    const { client } = await activatedMember();
    const response = await client.post('/api/users/campingform', {
      form: multipart({ artistId: 'ART-7' }, { ...campingFiles(), labTest: { data: TEXT_BYTES, name: 'lab.pdf' } }),
    });
    expect(response.statusCode).toBe(415);
    expect(response.json().message).toBe('Lab test must be a JPEG, PNG, WebP or PDF file');
  });

  it('refuses a file field the form does not have', async () => {
    const { client } = await activatedMember();
    const response = await client.post('/api/users/campingform', {
      form: multipart({ artistId: 'ART-7' }, { extra: { data: png, name: 'x.png' } }),
    });
    expect(response.statusCode).toBe(400);
  });
});

describe('artist membership form', () => {
  it.each(['/api/users/artistmembershipform', '/api/artist-membership'])('stores a submission at %s', async (url) => {
    const { client, user } = await activatedMember();
    const response = await client.post(url, { form: multipart(artistFields(), artistFiles()) });
    expect(response.statusCode).toBe(201);
    expect(response.json()).toEqual({ message: 'Artist Membership Form submitted successfully!' });
    const [row] = await submissionsOf(user.id);
    expect(row?.form).toBe('artist-membership');
    expect(row?.data).toMatchObject({
      registrationCategory: 'music',
      heightFt: 5,
      heightInch: 7,
      weight: 62.5,
      chest: 88,
      graduationYear: 2017,
      howDidYouKnow: ['social-media', 'friend'],
      callNumber1: '+2348031234567',
      termsAccepted: true,
      inProduction: 'yes',
    });
  });

  it('needs only the required fields, defaults the category to movie and reads a JSON list', async () => {
    const { client, user } = await activatedMember();
    const minimal = {
      dateOfBirth: '1995-04-12',
      heightFt: '5',
      heightInch: '0',
      weight: '70',
      chest: '90',
      hairColor: 'Black',
      eyeColor: 'Brown',
      email: '',
      gender: '',
      howDidYouKnow: '["agent","flier"]',
    };
    const response = await client.post('/api/users/artistmembershipform', { form: multipart(minimal, artistFiles()) });
    expect(response.statusCode).toBe(201);
    const [row] = await submissionsOf(user.id);
    expect(row?.data).toMatchObject({ registrationCategory: 'movie', heightInch: 0, howDidYouKnow: ['agent', 'flier'], termsAccepted: false });
    expect(row?.data.email).toBeUndefined();
  });

  it.each([
    ['dateOfBirth', 'Date of birth is required'],
    ['heightFt', 'Height (ft) is required'],
    ['heightInch', 'Height (inch) is required'],
    ['weight', 'Weight is required'],
    ['chest', 'Chest is required'],
    ['hairColor', 'Hair color is required'],
    ['eyeColor', 'Eye color is required'],
  ])('names the missing field %s', async (field, message) => {
    const { client } = await activatedMember();
    const fields = artistFields();
    delete fields[field];
    const response = await client.post('/api/users/artistmembershipform', { form: multipart(fields, artistFiles()) });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe(message);
  });

  it.each([
    ['passportPicture', 'Passport picture is required'],
    ['paymentTeller', 'Payment teller is required'],
  ])('names the missing file %s', async (field, message) => {
    const { client } = await activatedMember();
    const uploads: Record<string, { data: Buffer; name: string }> = artistFiles();
    delete uploads[field];
    const response = await client.post('/api/users/artistmembershipform', { form: multipart(artistFields(), uploads) });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe(message);
  });

  it.each([
    [{ registrationCategory: 'dance' }, 'Registration category must be one of the listed options'],
    [{ gender: 'other' }, 'Gender must be one of the listed options'],
    [{ inProduction: 'maybe' }, 'In production must be one of the listed options'],
    [{ movieRole: 'extra' }, 'Movie role must be one of the listed options'],
    [{ hasId: 'y' }, 'Has ID must be one of the listed options'],
    [{ roleType: 'director' }, 'Role type must be one of the listed options'],
    [{ howDidYouKnow: 'radio' }, 'How did you know about us must be one of the listed options'],
    [{ email: 'not-an-email' }, 'Email must be a valid email address'],
    [{ producerEmail: 'x@' }, 'Producer email must be a valid email address'],
    [{ whatsappNumber: '12' }, 'WhatsApp number must be a valid phone number'],
    [{ producerContact: 'abc' }, 'Producer contact must be a valid phone number'],
    [{ graduationYear: '20x7' }, 'Graduation year must be a number'],
    [{ joinedYear: '2020-13-01' }, 'Joined year must be a valid date'],
    [{ heightInch: '12' }, 'Height (inch) must be at most 11'],
    [{ weight: '0' }, 'Weight must be greater than 0'],
    [{ dateOfBirth: '1900-01-01' }, 'Date of birth must give an age between 1 and 75'],
  ])('refuses %o', async (override, message) => {
    const { client } = await activatedMember();
    const response = await client.post('/api/users/artistmembershipform', { form: multipart({ ...artistFields(), ...override }, artistFiles()) });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe(message);
  });

  it('refuses a PDF passport picture, a text teller and a 6 MB teller', async () => {
    const { client } = await activatedMember();
    const pdfPhoto = await client.post('/api/users/artistmembershipform', {
      form: multipart(artistFields(), { ...artistFiles(), passportPicture: { data: PDF_BYTES, name: 'me.pdf' } }),
    });
    expect(pdfPhoto.statusCode).toBe(415);
    const textTeller = await client.post('/api/users/artistmembershipform', {
      form: multipart(artistFields(), { ...artistFiles(), paymentTeller: { data: TEXT_BYTES, name: 'teller.png' } }),
    });
    expect(textTeller.statusCode).toBe(415);
    const large = await client.post('/api/users/artistmembershipform', {
      form: multipart(artistFields(), { ...artistFiles(), paymentTeller: { data: LARGE_BYTES, name: 'teller.pdf' } }),
    });
    expect(large.statusCode).toBe(413);
  });
});

describe('who may submit', () => {
  const jsonForms: [string, () => Record<string, unknown>][] = [
    ['/api/users/scriptprintingform', scriptFields],
    ['/api/users/welfareform', welfareFields],
    ['/api/users/moviepremiereform', premiereFields],
  ];

  it.each(jsonForms)('%s needs an activated member (403) and a signed-in one (401)', async (url, fields) => {
    const { client } = await signedUpMember(app);
    const response = await client.post(url, { json: fields() });
    expect(response.statusCode).toBe(403);
    expect(response.json().message).toMatch(/not activated/);
    expect((await new TestClient(app).post(url, { json: fields() })).statusCode).toBe(401);
  });

  it.each([
    ['/api/users/campingform', () => multipart({ artistId: 'A' }, campingFiles())],
    ['/api/users/artistmembershipform', () => multipart(artistFields(), artistFiles())],
    ['/api/artist-membership', () => multipart(artistFields(), artistFiles())],
  ])('%s needs an activated member', async (url, form) => {
    const { client, user } = await signedUpMember(app);
    expect((await client.post(url, { form: form() })).statusCode).toBe(403);
    expect((await new TestClient(app).post(url, { form: form() })).statusCode).toBe(401);
    expect(await submissionsOf(user.id)).toHaveLength(0);
  });

  // A change made elsewhere (another process, staff, by hand) reaches this process as a
  // notification; a read can be polled without storing anything, so it shows when it has arrived.
  async function untilThisProcessHears(client: TestClient, arrived: (profile: LightMyRequestResponse) => boolean) {
    await expect.poll(async () => arrived(await client.get('/api/users/profile'))).toBe(true);
  }

  it('refuses a form (401) once the session ended elsewhere has reached this process', async () => {
    const { client, user } = await activatedMember();
    expect((await client.get('/api/users/profile')).statusCode).toBe(200);
    await app.ctx.db.delete(sessions).where(eq(sessions.userId, user.id));
    await untilThisProcessHears(client, (profile) => profile.statusCode === 401);
    const before = await rowCounts();
    expect((await client.post('/api/users/scriptprintingform', { json: scriptFields() })).statusCode).toBe(401);
    expect((await client.post('/api/users/campingform', { form: multipart({ artistId: 'ART-1' }, campingFiles()) })).statusCode).toBe(401);
    expect(await rowCounts()).toEqual(before);
  });

  it('refuses an activated member’s form (403) once the profile deactivated elsewhere has reached this process, and still takes the event form', async () => {
    const { client, user } = await activatedMember();
    expect((await client.get('/api/users/profile')).statusCode).toBe(200);
    await app.ctx.db.update(users).set({ activated: false }).where(eq(users.id, user.id));
    await untilThisProcessHears(client, (profile) => profile.json().user?.status === false);
    const refused = await client.post('/api/users/scriptprintingform', { json: scriptFields() });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toMatch(/not activated/);
    expect(await submissionsOf(user.id)).toHaveLength(0);
    expect((await client.post('/api/users/eventform', { form: multipart(eventFields(), eventFiles()) })).statusCode).toBe(201);
    expect((await submissionsOf(user.id)).map((row) => row.form)).toEqual(['event']);
  });

  it('keeps a member’s uploads from other members (404)', async () => {
    const owner = await activatedMember();
    await owner.client.post('/api/users/campingform', { form: multipart({ artistId: 'ART-1' }, campingFiles()) });
    const [row] = await submissionsOf(owner.user.id);
    const [link] = await app.ctx.db.select().from(submissionFiles).where(eq(submissionFiles.submissionId, row!.id));
    const url = `/api/files/${link!.fileId}`;
    expect((await owner.client.get(url)).statusCode).toBe(200);
    const other = await activatedMember();
    expect((await other.client.get(url)).statusCode).toBe(404);
    expect((await new TestClient(app).get(url)).statusCode).toBe(404);
  });

  it('lists the member’s own submissions', async () => {
    const { client } = await activatedMember();
    await client.post('/api/users/welfareform', { json: welfareFields() });
    await client.post('/api/users/campingform', { form: multipart({ artistId: 'ART-9' }, campingFiles()) });
    const response = await client.get('/api/users/submissions');
    expect(response.statusCode).toBe(200);
    const list = response.json().submissions as { form: string; formLabel: string; files: unknown[] }[];
    expect(list.map((s) => s.form)).toEqual(['camping', 'welfare']);
    expect(list[0]?.formLabel).toBe('Camping Form');
    expect(list[0]?.files).toHaveLength(7);
  });

  it('tells the member which of their submissions staff have handled', async () => {
    const { client, user } = await activatedMember();
    await client.post('/api/users/welfareform', { json: welfareFields() });
    await client.post('/api/users/scriptprintingform', { json: scriptFields() });
    const [welfare] = (await submissionsOf(user.id)).filter((row) => row.form === 'welfare');
    await app.ctx.db
      .update(submissions)
      .set({ state: 'handled', handledAt: new Date('2026-11-20T10:00:00Z') })
      .where(eq(submissions.id, welfare!.id));
    const list = (await client.get('/api/users/submissions')).json().submissions as { form: string; state: string; handledAt: string | null }[];
    expect(list.map(({ form, state, handledAt }) => ({ form, state, handledAt }))).toEqual([
      { form: 'script-printing', state: 'new', handledAt: null },
      { form: 'welfare', state: 'handled', handledAt: '2026-11-20T10:00:00.000Z' },
    ]);
  });
});

describe('the form table', () => {
  it('gives every form a schema', () => {
    expect(Object.keys(FORM_SCHEMAS).sort()).toEqual(FORM_KINDS.map((kind) => kind.value).sort());
  });

  /** Who may send each address, as the product decided it: the event form any signed-in member, the others an activated one. */
  const WHO_MAY_SEND = {
    '/api/users/artistmembershipform': 'activated',
    '/api/artist-membership': 'activated',
    '/api/users/scriptprintingform': 'activated',
    '/api/users/welfareform': 'activated',
    '/api/users/campingform': 'activated',
    '/api/users/eventform': 'signed-in',
    '/api/users/moviepremiereform': 'activated',
    '/api/users/moviePremiereForm': 'activated',
  } as const;
  const NOT_ACTIVATED = 'Your profile is not activated yet. Pay the membership fee and activate it on the fees page.';

  it('lists the forms’ addresses and their aliases, each with a decision on who may send it', () => {
    const addresses = FORM_KINDS.flatMap(({ value: kind }) => [FORM_DEFINITIONS[kind].endpoint, ...FORM_DEFINITIONS[kind].aliases]);
    expect(addresses.sort()).toEqual(Object.keys(WHO_MAY_SEND).sort());
  });

  // An empty form passes the access check only where this caller may send it, and then fails its checks (400).
  it.each(Object.entries(WHO_MAY_SEND))('answers %s for the members it is for (%s) only', async (url, who) => {
    const empty = () => ({ form: multipart({}, {}) });
    expect((await new TestClient(app).post(url, empty())).statusCode).toBe(401);
    const notActivated = await (await signedUpMember(app)).client.post(url, empty());
    if (who === 'signed-in') expect(notActivated.statusCode).toBe(400);
    else expect([notActivated.statusCode, notActivated.json().message]).toEqual([403, NOT_ACTIVATED]);
    expect((await (await activatedMember()).client.post(url, empty())).statusCode).toBe(400);
    const staff = await signedInStaff(app);
    expect([(await staff.post(url, empty())).statusCode, (await staff.post(url, empty())).json().message]).toEqual([
      403,
      'This is for members: a staff account does not have it.',
    ]);
  });
});

describe('account termination', () => {
  it('takes the member’s submissions, file rows and stored bytes with it', async () => {
    const { client, user } = await activatedMember();
    await client.post('/api/users/eventform', { form: multipart(eventFields(), eventFiles()) });
    await client.post('/api/users/campingform', { form: multipart({ artistId: 'ART-3' }, campingFiles()) });
    const owned = await app.ctx.db.select().from(files).where(eq(files.ownerId, user.id));
    expect(owned).toHaveLength(10);
    const ids = (await submissionsOf(user.id)).map((s) => s.id);
    expect((await client.delete('/api/users/terminate', { json: { currentPassword: PASSWORD } })).statusCode).toBe(200);
    expect(await submissionsOf(user.id)).toHaveLength(0);
    for (const id of ids) expect(await app.ctx.db.select().from(submissionFiles).where(eq(submissionFiles.submissionId, id))).toHaveLength(0);
    const left = new Set(uploadsOnDisk());
    for (const file of owned) expect(left.has(file.storageKey)).toBe(false);
  });
});

describe('rate limit', () => {
  it('stops a member who sends too many forms, but not the next member', async () => {
    const { client } = await activatedMember();
    const statuses: number[] = [];
    for (let i = 0; i < 22; i++) statuses.push((await client.post('/api/users/scriptprintingform', { json: scriptFields() })).statusCode);
    expect(statuses.filter((s) => s === 201)).toHaveLength(20);
    expect(statuses.slice(20)).toEqual([429, 429]);
    const other = await activatedMember();
    expect((await other.client.post('/api/users/scriptprintingform', { json: scriptFields() })).statusCode).toBe(201);
  });
});
