import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { shiftDate } from '../../shared/dates.js';
import { attendance, trainingCertificates, users } from '../db/schema.js';
import { createPostgresTestApp, describeOnPostgres } from '../test-support/on-postgres.js';
import { activatedMember, signedInStaffAs } from '../test-support/test-app.js';

/** Monday 1 February 2027 in Lagos. */
const now = new Date('2027-02-01T11:00:00Z');

describeOnPostgres('training certificates, at once', () => {
  let portal: Awaited<ReturnType<typeof createPostgresTestApp>>;
  let seriesId: string;

  beforeAll(async () => {
    portal = await createPostgresTestApp({}, { clock: () => now });
    const moderator = (await signedInStaffAs(portal.app, 'moderator')).client;
    const created = await moderator.post('/api/admin/schedule', {
      json: {
        kind: 'training',
        title: 'Acting technique',
        place: 'Studio',
        startTime: '09:00',
        endTime: '13:00',
        repeat: 'weekly',
        firstDay: '2026-01-05',
        weekdays: [1],
        audience: 'enrolled',
        attendanceRequired: false,
      },
    });
    seriesId = created.json().series.id;
  });
  afterAll(() => portal.close());

  it('issues one certificate, with one number, when its member asks for it fifteen times at once; two members get consecutive numbers', async () => {
    const members = [await activatedMember(portal.app), await activatedMember(portal.app)];
    for (const [i, member] of members.entries()) {
      await portal.app.ctx.db
        .update(users)
        .set({ memberNumber: 7100 + i })
        .where(eq(users.id, member.user.id));
      // Every Monday from 5 January to 6 July 2026: 27 dates, six months and a day.
      const mondays = Array.from({ length: 27 }, (_, week) => shiftDate('2026-01-05', 7 * week));
      await portal.app.ctx.db
        .insert(attendance)
        .values(mondays.map((day) => ({ seriesId, day, userId: member.user.id, arrivedAt: new Date(`${day}T08:55:00Z`) })));
    }
    const answers = await Promise.all(
      Array.from({ length: 30 }, (_, i) => members[i % 2]!.client.post(`/api/users/training/${seriesId}/certificate`, { json: {} })),
    );
    expect(answers.filter((a) => a.statusCode === 201)).toHaveLength(2);
    expect(answers.filter((a) => a.statusCode === 200)).toHaveLength(28);
    const rows = await portal.app.ctx.db.select().from(trainingCertificates).where(eq(trainingCertificates.seriesId, seriesId));
    expect(rows.map((r) => r.userId).sort()).toEqual(members.map((m) => m.user.id).sort());
    const numbers = rows.map((r) => r.number).sort((a, b) => a - b);
    expect(numbers[1]! - numbers[0]!).toBe(1);
    for (const [i, member] of members.entries()) {
      const theirs = answers.filter((_, j) => j % 2 === i).map((a) => a.json().certificate.number);
      expect(new Set(theirs)).toEqual(new Set([`TC-${String(rows.find((r) => r.userId === member.user.id)!.number).padStart(6, '0')}`]));
    }
  });
});
