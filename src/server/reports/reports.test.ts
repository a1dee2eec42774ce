import { randomUUID } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { shiftDate } from '../../shared/dates.js';
import { type MembershipFacts, membershipState, type MembershipState } from '../../shared/membership.js';
import { auditLog, ads, bookingRequests, payments, receipts, submissions, talentProfiles, users } from '../db/schema.js';
import { membershipFactsSql, membershipStateSql } from '../membership/state-sql.js';
import { parseCsv } from '../test-support/files.js';
import { createTestApp, signedInStaff, signedInStaffAs, TestClient } from '../test-support/test-app.js';
import { lastMonths, rowsOf } from './reports-service.js';

/** 10:00 in Lagos on 15 March 2026: the reports' "today". */
let now = new Date('2026-03-15T09:00:00Z');
const TODAY = '2026-03-15';

let portal: Awaited<ReturnType<typeof createTestApp>>;
let app: FastifyInstance;
let admin: TestClient;
let finance: TestClient;
let moderator: TestClient;

let made = 0;
async function member(values: Partial<typeof users.$inferInsert> = {}) {
  made += 1;
  const [row] = await app.ctx.db
    .insert(users)
    .values({ fullName: `Member ${made}`, email: `report${made}@example.com`, phone: `+23480300${String(made).padStart(5, '0')}`, passwordHash: 'x', ...values })
    .returning();
  return row!;
}

async function payment(userId: string | null, values: Partial<typeof payments.$inferInsert> = {}) {
  const [row] = await app.ctx.db.insert(payments).values({ userId, kind: 'fee', amountKobo: 6_050_000, ...values }).returning();
  return row!;
}

const at = (iso: string) => new Date(iso);

beforeAll(async () => {
  portal = await createTestApp({}, { clock: () => now });
  app = portal.app;
  admin = await signedInStaff(app);
  finance = (await signedInStaffAs(app, 'finance')).client;
  moderator = (await signedInStaffAs(app, 'moderator')).client;
});
afterAll(() => portal.close());

describe('the state rule in SQL', () => {
  it('gives every member the state membershipState gives, around each boundary', async () => {
    const paidUntils = [null, shiftDate(TODAY, 10), TODAY, shiftDate(TODAY, -1), shiftDate(TODAY, -7), shiftDate(TODAY, -8), shiftDate(TODAY, -100)];
    const latest = [null, 'pending', 'approved', 'rejected'] as const;
    const expected = new Map<string, MembershipState>();
    for (const paidUntil of paidUntils) {
      for (const activated of [false, true]) {
        for (const suspended of [false, true]) {
          for (const latestPayment of latest) {
            const row = await member({ activated, paidUntil, suspendedAt: suspended ? now : null });
            // An older payment the latest one overrides.
            if (latestPayment) {
              await payment(row.id, { state: 'approved', createdAt: at('2025-01-01T00:00:00Z') });
              await payment(row.id, { state: latestPayment, createdAt: at('2026-01-01T00:00:00Z') });
              await payment(row.id, { kind: 'ad', state: 'pending', createdAt: at('2026-02-01T00:00:00Z') });
            }
            const facts: MembershipFacts = { activated, paidUntil, suspended, latestPayment };
            expected.set(row.id, membershipState(facts, TODAY));
          }
        }
      }
    }
    const rows = await rowsOf<{ id: string; state: MembershipState }>(
      app.ctx.db,
      sql`select users.id, ${membershipStateSql(TODAY)} as state from users ${membershipFactsSql()} where users.id in (${sql.join([...expected.keys()].map((id) => sql`${id}::uuid`), sql`, `)})`,
    );
    expect(rows).toHaveLength(expected.size);
    const wrong = rows.filter((row) => row.state !== expected.get(row.id));
    expect(wrong).toEqual([]);
    expect(new Set(rows.map((r) => r.state))).toEqual(new Set(['none', 'pending', 'active', 'grace', 'lapsed']));
    // Leave the figures below to their own members.
    await app.ctx.db.delete(payments);
    await app.ctx.db.delete(users).where(eq(users.role, 'member'));
  });
});

describe('GET /api/admin/reports', () => {
  it('counts members by state, sign-ups, activations, renewals and money per month, and who lapses in 30 days', async () => {
    // Signed up in January, activated in January, renewed in March.
    const renewer = await member({ createdAt: at('2026-01-10T10:00:00Z'), activated: true, activatedAt: at('2026-01-12T10:00:00Z'), paidUntil: shiftDate(TODAY, 20), memberNumber: 7 });
    await payment(renewer.id, { state: 'approved', reviewedAt: at('2026-01-11T10:00:00Z'), createdAt: at('2026-01-10T12:00:00Z') });
    await payment(renewer.id, { state: 'approved', reviewedAt: at('2026-03-02T10:00:00Z'), amountKobo: 12_100_000, createdAt: at('2026-03-01T12:00:00Z') });
    await payment(renewer.id, { kind: 'ad', state: 'approved', reviewedAt: at('2026-03-03T10:00:00Z'), amountKobo: 500_000 });
    await payment(renewer.id, { kind: 'ad', state: 'rejected', reviewedAt: at('2026-03-03T11:00:00Z'), amountKobo: 900_000 });
    // Signed up and activated in March: 23:30 UTC on 28 February is already 1 March in Lagos.
    const fresh = await member({ createdAt: at('2026-02-28T23:30:00Z'), activated: true, activatedAt: at('2026-03-05T10:00:00Z'), paidUntil: shiftDate(TODAY, 3), memberNumber: 8 });
    await payment(fresh.id, { state: 'approved', reviewedAt: at('2026-03-04T10:00:00Z') });
    // Waiting for review; in grace; lapsed; suspended; never paid.
    const waiting = await member({ createdAt: at('2026-03-10T10:00:00Z') });
    await payment(waiting.id, { state: 'pending' });
    await member({ createdAt: at('2025-11-01T10:00:00Z'), activated: true, activatedAt: at('2025-11-02T10:00:00Z'), paidUntil: shiftDate(TODAY, -2), memberNumber: 9 });
    await member({ createdAt: at('2025-10-01T10:00:00Z'), activated: true, activatedAt: at('2025-10-02T10:00:00Z'), paidUntil: shiftDate(TODAY, -30), memberNumber: 10 });
    await member({ createdAt: at('2025-10-01T10:00:00Z'), activated: true, activatedAt: at('2025-10-02T10:00:00Z'), paidUntil: shiftDate(TODAY, 5), suspendedAt: now, memberNumber: 11 });
    await member({ createdAt: at('2026-03-14T10:00:00Z') });
    // Paid until beyond 30 days: not lapsing.
    await member({ createdAt: at('2025-12-01T10:00:00Z'), activated: true, activatedAt: at('2025-12-01T11:00:00Z'), paidUntil: shiftDate(TODAY, 31), memberNumber: 12 });
    // Money from a member whose account is gone still counts.
    await payment(null, { state: 'approved', reviewedAt: at('2026-02-10T10:00:00Z'), amountKobo: 6_050_000 });
    // Confirmed in February, reversed in March: counted in February, its contra taken off March.
    await payment(renewer.id, { state: 'reversed', reviewedAt: at('2026-02-15T10:00:00Z'), reversedAt: at('2026-03-06T10:00:00Z'), reversalReason: 'Fake transfer screenshot', amountKobo: 6_050_000 });

    const response = await admin.get('/api/admin/reports');
    expect(response.statusCode, response.body).toBe(200);
    const report = response.json();
    expect(report.today).toBe(TODAY);
    expect(report.states).toEqual({ active: 3, grace: 1, pending: 1, lapsed: 2, none: 1 });
    expect(report.months.map((m: { month: string }) => m.month)).toEqual(lastMonths(TODAY, 12));
    expect(report.months.at(-1)).toEqual({ month: '2026-03', signups: 3, activations: 1, renewals: 1, receivedKobo: { membership: 12_100_000 + 6_050_000 - 6_050_000, advert: 500_000, fine: 0 }, reversedKobo: 6_050_000 });
    expect(report.months.at(-2)).toEqual({ month: '2026-02', signups: 0, activations: 0, renewals: 0, receivedKobo: { membership: 6_050_000 + 6_050_000, advert: 0, fine: 0 }, reversedKobo: 0 });
    expect(report.months.at(-3)).toMatchObject({ month: '2026-01', signups: 1, activations: 1, renewals: 0, receivedKobo: { membership: 6_050_000, advert: 0, fine: 0 } });
    expect(report.lapsing.until).toBe(shiftDate(TODAY, 30));
    expect(report.lapsing.total).toBe(2);
    expect(report.lapsing.members.map((m: { memberNumber: string }) => m.memberNumber)).toEqual(['HM-000008', 'HM-000007']);
    expect(report.lapsing.members[0]).toMatchObject({ fullName: fresh.fullName, email: fresh.email, paidUntil: shiftDate(TODAY, 3) });

    expect((await finance.get('/api/admin/reports')).statusCode).toBe(200);
    const refused = await moderator.get('/api/admin/reports');
    expect(refused.statusCode).toBe(403);
    expect(typeof refused.json().message).toBe('string');
  });

  it('moves with the clock: a month later the same member is lapsed', async () => {
    now = new Date('2026-04-20T09:00:00Z');
    try {
      const report = (await admin.get('/api/admin/reports')).json();
      expect(report.today).toBe('2026-04-20');
      expect(report.states).toMatchObject({ active: 0, grace: 1 });
      expect(report.months.at(-1).month).toBe('2026-04');
    } finally {
      now = new Date('2026-03-15T09:00:00Z');
    }
  });
});

describe('GET /api/admin/home', () => {
  it('counts the work waiting for the parts each role may use, and the month for those who read reports', async () => {
    const someone = await member({ createdAt: at('2026-03-01T10:00:00Z') });
    await payment(someone.id, { state: 'pending', kind: 'ad' });
    await app.ctx.db.insert(ads).values([{ userId: someone.id, weeks: 1 }, { userId: someone.id, weeks: 2, state: 'approved' }]);
    await app.ctx.db.insert(submissions).values([
      { userId: someone.id, form: 'welfare', data: {} },
      { userId: someone.id, form: 'welfare', data: {}, state: 'handled' },
    ]);
    const [profile] = await app.ctx.db.insert(talentProfiles).values({ userId: someone.id, category: 'movie', stageName: 'Star' }).returning();
    const booking = { profileId: profile!.id, businessName: 'B', contactName: 'C', email: 'b@example.com', phone: '+2348000000000', dateFrom: TODAY, dateTo: TODAY, location: 'Lagos', budgetKobo: 1, message: 'm' };
    await app.ctx.db.insert(bookingRequests).values([
      { ...booking, reference: `BR-${randomUUID()}` },
      { ...booking, reference: `BR-${randomUUID()}`, state: 'accepted' },
    ]);
    const contact = { firstName: 'A', lastName: 'B', email: 'a@example.com', phone: '08021112222', feedback: 'general', message: 'hi' };
    expect((await new TestClient(app).post('/api/contact', { json: contact })).statusCode).toBe(201);

    const pendingPayments = await app.ctx.db.$count(payments, eq(payments.state, 'pending'));
    const home = (await admin.get('/api/admin/home')).json();
    expect(home.waiting).toEqual({ payments: pendingPayments, ads: 1, submissions: 1, talent: 1, messages: 1 });
    expect(home.month).toMatchObject({ month: '2026-03', signups: 4, activations: 1, renewals: 1 });

    const forFinance = (await finance.get('/api/admin/home')).json();
    expect(forFinance.waiting).toEqual({ payments: pendingPayments });
    expect(forFinance.month.month).toBe('2026-03');
    const forModerator = (await moderator.get('/api/admin/home')).json();
    expect(forModerator).toEqual({ waiting: { ads: 1, submissions: 1, talent: 1, messages: 1 }, month: null });
  });
});

describe('exports', () => {
  it('streams every member with state, paid-until, plan and level, formula-safe, and audits the export', async () => {
    await member({ fullName: '=cmd|calc', activated: true, activatedAt: now, paidUntil: shiftDate(TODAY, 40), memberNumber: 99, plan: 'premium', level: 3 });
    const response = await finance.get('/api/admin/members.csv');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/text\/csv/);
    expect(response.headers['content-disposition']).toContain(`members-${TODAY}.csv`);
    const rows = parseCsv(response.body);
    expect(rows[0]).toEqual(['Member number', 'Name', 'Email', 'Phone', 'State', 'Paid until', 'Plan', 'Level']);
    const members = await app.ctx.db.$count(users, eq(users.role, 'member'));
    expect(rows.length - 1).toBe(members);
    const numbered = rows.slice(1).filter((row) => row[0]);
    expect(numbered.map((row) => row[0])).toEqual([...numbered.map((row) => row[0])].sort());
    expect(rows.find((row) => row[0] === 'HM-000099')).toEqual(['HM-000099', "'=cmd|calc", expect.any(String), expect.any(String), 'Active', shiftDate(TODAY, 40), 'premium', '3']);
    expect(rows.find((row) => row[0] === 'HM-000009')?.[4]).toBe('In grace');
    expect(await app.ctx.db.$count(auditLog, eq(auditLog.action, 'members.export'))).toBe(1);
    expect((await moderator.get('/api/admin/members.csv')).statusCode).toBe(403);
  });

  it('streams approved payments with date, member, kind, naira and receipt, within the days asked', async () => {
    const [paid] = await app.ctx.db.select().from(payments).where(eq(payments.amountKobo, 12_100_000));
    await app.ctx.db.insert(receipts).values({ number: 'HM-R-2026-000042', paymentId: paid!.id, details: {} as never, issuedAt: now });
    // The advert was paid online: Paystack's fees stand beside it.
    await app.ctx.db
      .update(payments)
      .set({ channel: 'paystack', reference: 'HM-report-advert', feesKobo: 17_500 })
      .where(and(eq(payments.kind, 'ad'), eq(payments.amountKobo, 500_000), eq(payments.state, 'approved')));
    const response = await admin.get('/api/admin/payments.csv?from=2026-03-01&to=2026-03-31');
    expect(response.statusCode).toBe(200);
    const rows = parseCsv(response.body);
    expect(rows[0]).toEqual(['Date', 'Member number', 'Member', 'Kind', 'Amount (naira)', 'Receipt number', 'Entry', 'Reason', 'Channel', 'Paystack fees (naira)']);
    expect(rows.slice(1)).toEqual([
      ['2026-03-02', 'HM-000007', expect.any(String), 'Membership', '121000.00', 'HM-R-2026-000042', 'Payment', '', 'Slip', ''],
      ['2026-03-03', 'HM-000007', expect.any(String), 'Adverts', '5000.00', '', 'Payment', '', 'Online (Paystack)', '175.00'],
      ['2026-03-04', 'HM-000008', expect.any(String), 'Membership', '60500.00', '', 'Payment', '', 'Slip', ''],
      ['2026-03-06', 'HM-000007', expect.any(String), 'Membership', '-60500.00', '', 'Reversal', 'Fake transfer screenshot', 'Slip', ''],
    ]);
    const all = parseCsv((await admin.get('/api/admin/payments.csv')).body);
    expect(all.find((row) => row[2] === 'Former member')).toEqual(['2026-02-10', '', 'Former member', 'Membership', '60500.00', '', 'Payment', '', 'Slip', '']);
    expect(all.find((row) => row[0] === '2026-02-15')).toEqual(['2026-02-15', 'HM-000007', expect.any(String), 'Membership', '60500.00', '', 'Payment', '', 'Slip', '']);
    // The amounts sum to the net: what was received less what was given back.
    const net = all.slice(1).reduce((sum, row) => sum + Math.round(Number(row[4]) * 100), 0);
    const [received] = await app.ctx.db.select({ kobo: sql<string>`coalesce(sum(amount_kobo), 0)` }).from(payments).where(eq(payments.state, 'approved'));
    expect(net).toBe(Number(received!.kobo));
    const audit = await app.ctx.db.select().from(auditLog).where(eq(auditLog.action, 'payments.export'));
    expect(audit.map((a) => a.details)).toContainEqual({ from: '2026-03-01', to: '2026-03-31' });
  });

  it('refuses bad dates with a message', async () => {
    for (const [query, error] of [
      ['from=2026-02-30', /From must be a valid date/],
      ['to=soon', /To must be a valid date/],
      ['from=2026-03-02&to=2026-03-01', /From must be on or before To/],
    ] as const) {
      const response = await admin.get(`/api/admin/payments.csv?${query}`);
      expect(response.statusCode).toBe(400);
      expect(response.json().message).toMatch(error);
    }
  });
});
