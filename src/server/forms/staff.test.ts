import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, submissions, users } from '../db/schema.js';
import { createTestApp, signedUpMember, TestClient } from '../test-support/test-app.js';
import { multipart, parseCsv, PDF_BYTES, pngBytes } from '../test-support/files.js';
import type { FormKind } from '../../shared/form-routes.js';

const STAFF = { email: 'staff@example.com', password: 'staff-password-1' };

let portal: Awaited<ReturnType<typeof createTestApp>>;
let app: FastifyInstance;
let staff: TestClient;
let png: Buffer;

async function activatedMember(overrides: Record<string, unknown> = {}) {
  const member = await signedUpMember(app, overrides);
  await app.ctx.db.update(users).set({ activated: true, paidUntil: '2099-12-31' }).where(eq(users.id, member.user.id));
  return member;
}

const script = (overrides: Record<string, unknown> = {}) => ({
  name: 'Ngozi Adeyemi',
  email: 'ngozi@example.com',
  phone: '08051112222',
  documentType: 'posters',
  quantity: 3,
  paperSize: 'a3',
  color: 'black-white',
  comments: 'Deliver to "Studio B", Lekki',
  ...overrides,
});

const eventForm = () =>
  multipart(
    {
      surname: 'Adeyemi',
      firstName: 'Ngozi',
      registrationNumber: 'REG-1',
      companyId: 'C-1',
      selectedEvent: 'hospital',
      amountPaid: '2500',
      paymentDate: '2024-06-10',
    },
    {
      tellerImage: { data: png, name: 't.png' },
      passportImage: { data: png, name: 'p.png' },
      signatureImage: { data: png, name: 's.png' },
    },
  );

let ngozi: Awaited<ReturnType<typeof activatedMember>>;
let emeka: Awaited<ReturnType<typeof activatedMember>>;

beforeAll(async () => {
  portal = await createTestApp({ ADMIN_EMAIL: STAFF.email, ADMIN_PASSWORD: STAFF.password });
  app = portal.app;
  png = await pngBytes();
  staff = new TestClient(app);
  const login = await staff.post('/api/users/login', { json: { email: STAFF.email, password: STAFF.password } });
  if (login.statusCode !== 200) throw new Error(`staff login failed: ${login.body}`);

  ngozi = await activatedMember({ name: 'Ngozi Adeyemi', phone: '08051112222', email: 'ngozi.adeyemi@example.com' });
  emeka = await activatedMember({ name: 'Emeka Obi', phone: '08093334444', email: 'emeka.obi@example.com' });
  expect((await ngozi.client.post('/api/users/scriptprintingform', { json: script() })).statusCode).toBe(201);
  expect((await ngozi.client.post('/api/users/eventform', { form: eventForm() })).statusCode).toBe(201);
  expect(
    (
      await emeka.client.post('/api/users/scriptprintingform', {
        json: script({ name: '=HYPERLINK("http://evil.example")', email: 'emeka@example.com', phone: '+2348093334444', quantity: 1 }),
      })
    ).statusCode,
  ).toBe(201);
  expect(
    (
      await emeka.client.post('/api/users/welfareform', {
        json: { name: 'Emeka Obi', dob: '1988-08-08', address: 'Aba', phone: '08093334444', email: 'emeka@example.com', benefits: 'food-support' },
      })
    ).statusCode,
  ).toBe(201);
});
afterAll(() => portal.close());

type Summary = { id: string; form: string; formLabel: string; state: string; member: { name: string; email: string } };

describe('submissions list', () => {
  it('lists every submission newest first with the member', async () => {
    const response = await staff.get('/api/admin/submissions');
    expect(response.statusCode).toBe(200);
    const body = response.json() as { submissions: Summary[]; total: number; page: number };
    expect(body.total).toBe(4);
    expect(body.page).toBe(1);
    expect(body.submissions.map((s) => s.form)).toEqual(['welfare', 'script-printing', 'event', 'script-printing']);
    expect(body.submissions[0]).toMatchObject({ formLabel: 'Welfare Form', state: 'new', member: { name: 'Emeka Obi' } });
  });

  it('filters by form', async () => {
    const body = (await staff.get('/api/admin/submissions?form=script-printing')).json() as { submissions: Summary[] };
    expect(body.submissions).toHaveLength(2);
    expect(body.submissions.every((s) => s.form === 'script-printing')).toBe(true);
  });

  it.each([
    ['name', 'ngozi'],
    ['email', 'NGOZI.ADEYEMI@'],
    ['local phone', '0805 111 2222'],
    ['international phone', '+2348051112222'],
    ['phone fragment', '1112222'],
  ])('finds a member by %s', async (_label, query) => {
    const body = (await staff.get(`/api/admin/submissions?member=${encodeURIComponent(query)}`)).json() as { submissions: Summary[] };
    expect(body.submissions.map((s) => s.form).sort()).toEqual(['event', 'script-printing']);
    expect(body.submissions.every((s) => s.member.name === 'Ngozi Adeyemi')).toBe(true);
  });

  it('filters by dates and pages', async () => {
    const today = new Date().toISOString().slice(0, 10);
    expect((await staff.get(`/api/admin/submissions?from=2000-01-01&to=2000-12-31`)).json().total).toBe(0);
    expect((await staff.get(`/api/admin/submissions?from=2000-01-01`)).json().total).toBe(4);
    expect((await staff.get(`/api/admin/submissions?to=2999-01-01`)).json().total).toBe(4);
    const tomorrow = new Date(Date.now() + 2 * 86_400_000).toISOString().slice(0, 10);
    expect((await staff.get(`/api/admin/submissions?from=${tomorrow}`)).json().total).toBe(0);
    expect(today).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    const page2 = (await staff.get('/api/admin/submissions?page=2')).json();
    expect(page2).toMatchObject({ page: 2, total: 4, submissions: [] });
  });

  it('counts the days of Lagos: 23:30 UTC is already the next day', async () => {
    const [welfare] = await app.ctx.db.select().from(submissions).where(eq(submissions.form, 'welfare'));
    if (!welfare) throw new Error('no welfare submission');
    const totalOn = async (day: string) => (await staff.get(`/api/admin/submissions?form=welfare&from=${day}&to=${day}`)).json().total;
    const storedAt = (instant: string) =>
      app.ctx.db
        .update(submissions)
        .set({ createdAt: new Date(instant) })
        .where(eq(submissions.id, welfare.id));
    try {
      await storedAt('2026-11-22T23:30:00Z');
      expect([await totalOn('2026-11-22'), await totalOn('2026-11-23')]).toEqual([0, 1]);
      await storedAt('2026-11-22T22:59:59.999Z');
      expect([await totalOn('2026-11-22'), await totalOn('2026-11-23')]).toEqual([1, 0]);
      await storedAt('2026-11-23T22:59:59.999Z');
      expect([await totalOn('2026-11-23'), await totalOn('2026-11-24')]).toEqual([1, 0]);
    } finally {
      await app.ctx.db.update(submissions).set({ createdAt: welfare.createdAt }).where(eq(submissions.id, welfare.id));
    }
  });

  it.each([
    ['form=taxes', 'Form must be one of the six forms'],
    ['from=yesterday', 'From must be a valid date'],
    ['page=0', 'Page must be at least 1'],
  ])('refuses ?%s', async (query, message) => {
    const response = await staff.get(`/api/admin/submissions?${query}`);
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe(message);
  });
});

describe('submission detail and handling', () => {
  async function idOf(form: FormKind, userId: string) {
    const [row] = await app.ctx.db
      .select()
      .from(submissions)
      .where(and(eq(submissions.form, form), eq(submissions.userId, userId)));
    return row!.id;
  }

  it('shows every field and the files, which staff may open', async () => {
    const id = await idOf('event', ngozi.user.id);
    const response = await staff.get(`/api/admin/submissions/${id}`);
    expect(response.statusCode).toBe(200);
    const { submission } = response.json();
    expect(submission).toMatchObject({
      id,
      form: 'event',
      formLabel: 'Event Form',
      state: 'new',
      handledBy: null,
      member: { name: 'Ngozi Adeyemi', email: 'ngozi.adeyemi@example.com', phone: '+2348051112222' },
      data: { surname: 'Adeyemi', firstName: 'Ngozi', selectedEvent: 'hospital', amountPaid: 2500, paymentDate: '2024-06-10' },
    });
    expect(submission.files.map((f: { field: string }) => f.field)).toEqual(['tellerImage', 'passportImage', 'signatureImage']);
    expect(submission.files[0]).toMatchObject({ label: 'Teller image', mimeType: 'image/png' });
    const file = await staff.get(submission.files[0].url);
    expect(file.statusCode).toBe(200);
    expect(file.rawPayload.equals(png)).toBe(true);
  });

  it('answers 404 for an unknown or malformed id', async () => {
    expect((await staff.get('/api/admin/submissions/00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
    expect((await staff.get('/api/admin/submissions/not-an-id')).statusCode).toBe(404);
    expect((await staff.post('/api/admin/submissions/00000000-0000-4000-8000-000000000000/handled')).statusCode).toBe(404);
  });

  it('records who handled it and when, once, in the audit log', async () => {
    const id = await idOf('welfare', emeka.user.id);
    const response = await staff.post(`/api/admin/submissions/${id}/handled`);
    expect(response.statusCode).toBe(200);
    const { submission } = response.json();
    expect(submission).toMatchObject({ state: 'handled', handledBy: { email: STAFF.email } });
    expect(Date.parse(submission.handledAt)).toBeGreaterThan(Date.now() - 60_000);
    const again = (await staff.post(`/api/admin/submissions/${id}/handled`)).json().submission;
    expect(again.handledAt).toBe(submission.handledAt);
    const audit = await app.ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.subjectType, 'submission'), eq(auditLog.subjectId, id)));
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ action: 'submission.handled', actorEmail: STAFF.email, details: { form: 'welfare', memberId: emeka.user.id } });
    const list = (await staff.get('/api/admin/submissions?form=welfare')).json();
    expect(list.submissions[0].state).toBe('handled');
  });
});

describe('CSV export', () => {
  it('exports one form with a column per field and the values as stored', async () => {
    const response = await staff.get('/api/admin/submissions/export?form=script-printing');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/csv/);
    expect(response.headers['content-disposition']).toMatch(/attachment; filename="script-printing-submissions-\d{4}-\d{2}-\d{2}\.csv"/);
    const [header, ...rows] = parseCsv(response.body);
    expect(header).toEqual([
      'id',
      'createdAt',
      'state',
      'memberName',
      'memberEmail',
      'memberPhone',
      'name',
      'email',
      'phone',
      'documentType',
      'quantity',
      'paperSize',
      'color',
      'comments',
    ]);
    expect(rows).toHaveLength(2);
    const record = (row: string[]) => Object.fromEntries(header!.map((key, i) => [key, row[i]]));
    const [newest, oldest] = rows.map(record);
    expect(oldest).toMatchObject({
      state: 'new',
      memberName: 'Ngozi Adeyemi',
      memberEmail: 'ngozi.adeyemi@example.com',
      memberPhone: '+2348051112222',
      name: 'Ngozi Adeyemi',
      phone: '+2348051112222',
      documentType: 'posters',
      quantity: '3',
      paperSize: 'a3',
      color: 'black-white',
      comments: 'Deliver to "Studio B", Lekki',
    });
    // A formula typed by a member stays text in a spreadsheet.
    expect(newest).toMatchObject({ memberName: 'Emeka Obi', name: `'=HYPERLINK("http://evil.example")`, phone: '+2348093334444', quantity: '1' });
    expect(Date.parse(newest!.createdAt!)).not.toBeNaN();
  });

  it('keeps every cell a spreadsheet would run as a formula as text: =, +, -, @, tab, carriage return', async () => {
    // Stored as is: the forms trim what members type, but a row written any other way must be safe too.
    const data = {
      name: '=1+1',
      email: '+1+cmd|calc',
      phone: '+2348093334444',
      documentType: '-2+3',
      quantity: '@SUM(A1:A2)',
      paperSize: '\t=cmd',
      color: '\r=cmd',
      comments: '-12.5',
    };
    const [row] = await app.ctx.db.insert(submissions).values({ userId: emeka.user.id, form: 'script-printing', data }).returning();
    try {
      const [header, ...rows] = parseCsv((await staff.get('/api/admin/submissions/export?form=script-printing')).body);
      const cells = rows.find((r) => r[0] === row!.id);
      const record = Object.fromEntries(header!.map((key, i) => [key, cells?.[i]]));
      expect(record).toMatchObject({
        name: "'=1+1",
        email: "'+1+cmd|calc",
        documentType: "'-2+3",
        quantity: "'@SUM(A1:A2)",
        paperSize: "'\t=cmd",
        color: "'\r=cmd",
        // Numbers stay numbers.
        phone: '+2348093334444',
        comments: '-12.5',
      });
    } finally {
      await app.ctx.db.delete(submissions).where(eq(submissions.id, row!.id));
    }
  });

  it('adds a column per file with its link', async () => {
    const [header, row] = parseCsv((await staff.get('/api/admin/submissions/export?form=event')).body);
    expect(header?.slice(-3)).toEqual(['tellerImage', 'passportImage', 'signatureImage']);
    expect(row?.at(-1)).toMatch(/^\/api\/files\/[0-9a-f-]{36}$/);
    expect(row?.[header!.indexOf('amountPaid')]).toBe('2500');
  });

  it('exports an empty form as the header alone, and needs a form', async () => {
    const [header, ...rows] = parseCsv((await staff.get('/api/admin/submissions/export?form=camping')).body);
    expect(header).toContain('artistId');
    expect(rows).toHaveLength(0);
    const missing = await staff.get('/api/admin/submissions/export');
    expect(missing.statusCode).toBe(400);
    expect(missing.json().message).toBe('Form must be one of the six forms');
  });
});

describe('who may use the staff API', () => {
  const routes: [string, string, unknown?][] = [
    ['GET', '/api/admin/submissions'],
    ['GET', '/api/admin/submissions?form=nonsense'],
    ['GET', '/api/admin/submissions/00000000-0000-4000-8000-000000000000'],
    ['POST', '/api/admin/submissions/00000000-0000-4000-8000-000000000000/handled'],
    ['GET', '/api/admin/submissions/export?form=welfare'],
  ];

  it.each(routes)('%s %s: 403 for a member, 401 for a visitor', async (method, url, json) => {
    const asMember = await ngozi.client.request({ method: method as 'GET', url }, json ? { json } : {});
    expect(asMember.statusCode).toBe(403);
    expect(asMember.json().message).toBe('Staff only.');
    const anonymous = await new TestClient(app).request({ method: method as 'GET', url }, json ? { json } : {});
    expect(anonymous.statusCode).toBe(401);
  });

  it('keeps PDF uploads readable by staff', async () => {
    await ngozi.client.post('/api/users/campingform', {
      form: multipart(
        { artistId: 'ART-1' },
        Object.fromEntries(
          ['welfarePayment', 'premierePayment', 'aerobicPayment', 'labTest', 'nationalId', 'utilityBill', 'taxClearance'].map((f) => [
            f,
            { data: PDF_BYTES, name: `${f}.pdf` },
          ]),
        ),
      ),
    });
    const [summary] = (await staff.get('/api/admin/submissions?form=camping')).json().submissions as Summary[];
    const { submission } = (await staff.get(`/api/admin/submissions/${summary!.id}`)).json();
    expect(submission.files).toHaveLength(7);
    const file = await staff.get(submission.files[3].url);
    expect(file.headers['content-type']).toBe('application/pdf');
  });
});
