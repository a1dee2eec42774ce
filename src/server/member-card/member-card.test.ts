import { addDays } from 'date-fns/addDays';
import { format } from 'date-fns/format';
import { subYears } from 'date-fns/subYears';
import { and, eq, sql } from 'drizzle-orm';
import QRCode from 'qrcode';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { shiftDate, todayInLagos } from '../../shared/dates.js';
import { auditLog, guardians, notifications, users } from '../db/schema.js';
import { pngBytes } from '../test-support/files.js';
import { activatedMember, createTestApp, signedInStaff, signedUpMember, TestClient } from '../test-support/test-app.js';
import { cardCheckCode } from './member-card-service.js';

const VERIFY_LIMIT = 40;
let portal: Awaited<ReturnType<typeof createTestApp>>;
beforeAll(async () => {
  // Trailing slashes, however many, are dropped from the portal's address in the card's link.
  portal = await createTestApp({ PUBLIC_URL: 'https://portal.example.com//', RATE_LIMIT_VERIFY: String(VERIFY_LIMIT) });
});
afterAll(() => portal.close());

/** An activated member with a member number (given at activation), without a photo. */
async function numberedMemberWithoutPhoto() {
  const member = await activatedMember(portal.app, { name: 'Adaeze Nwosu' });
  await portal.app.ctx.db
    .update(users)
    .set({ memberNumber: sql`nextval('member_number_seq')` })
    .where(eq(users.id, member.user.id));
  // The member's own request uses the session this process keeps until PostgreSQL's notification of the change arrives (decision 008).
  const cardOf = async () => (await member.client.get('/api/users/card')).json().card;
  await expect.poll(cardOf).not.toBeNull();
  const card = await cardOf();
  return { ...member, card, check: checkOf(card) };
}

/** An activated member with a member number (given at activation) and a profile photo. */
async function numberedMember() {
  const member = await numberedMemberWithoutPhoto();
  const form = new FormData();
  form.append('phone', member.fields.phone as string);
  form.append('title', 'Actress');
  form.append('profilePic', new Blob([new Uint8Array(await pngBytes())], { type: 'image/png' }), 'me.png');
  expect((await member.client.put('/api/users/profile', { form })).statusCode).toBe(200);
  const card = (await member.client.get('/api/users/card')).json().card;
  return { ...member, card, check: checkOf(card) };
}

/** The API address of the check a card's link opens: its number and its check code. */
function checkOf(card: { verifyUrl: string }): string {
  const url = new URL(card.verifyUrl);
  return `/api${url.pathname}${url.search}`;
}

describe('the membership card and the check at the door', () => {
  it('gives an activated member a card whose QR code holds the public verification link', async () => {
    const { card, user } = await numberedMember();
    const [row] = await portal.app.ctx.db.select({ paidUntil: users.paidUntil }).from(users).where(eq(users.id, user.id));
    expect(card).toMatchObject({
      fullName: 'Adaeze Nwosu',
      memberNumber: expect.stringMatching(/^HM-\d{6}$/),
      state: 'active',
      paidUntil: row!.paidUntil,
      photoUrl: expect.stringMatching(/^\/api\/files\//),
    });
    expect(card.verifyUrl).toMatch(new RegExp(`^https://portal\\.example\\.com/verify/${card.memberNumber}\\?code=[\\w-]{16}$`));
    expect(card.qrSvg).toBe(await QRCode.toString(card.verifyUrl, { type: 'svg', margin: 1, errorCorrectionLevel: 'M' }));
  });

  it('shows anyone only the name, photo, number, state and paid-until', async () => {
    const { card, check } = await numberedMember();
    const visitor = new TestClient(portal.app);
    const response = await visitor.get(check.replace(card.memberNumber, card.memberNumber.toLowerCase()));
    expect(response.statusCode, response.body).toBe(200);
    const verified = response.json();
    expect(Object.keys(verified).sort()).toEqual(['fullName', 'memberNumber', 'paidUntil', 'photoUrl', 'state']);
    expect(verified).toMatchObject({ fullName: 'Adaeze Nwosu', memberNumber: card.memberNumber, state: 'active', paidUntil: card.paidUntil });
    const photo = await visitor.get(verified.photoUrl);
    expect(photo.statusCode).toBe(200);
    expect(photo.headers['content-type']).toMatch(/^image\//);
    expect(photo.headers['cache-control']).toBe('private, no-store');
  });

  it('says lapsed, without the reason, for a lapsed or suspended member', async () => {
    const lapsed = await numberedMember();
    await portal.app.ctx.db.update(users).set({ paidUntil: '2020-03-31' }).where(eq(users.id, lapsed.user.id));
    expect((await new TestClient(portal.app).get(lapsed.check)).json()).toMatchObject({ state: 'lapsed', paidUntil: '2020-03-31' });
    // The member's own request uses the session this process keeps until PostgreSQL's notification of the change arrives (decision 008).
    await expect.poll(async () => (await lapsed.client.get('/api/users/card')).json().card.state).toBe('lapsed');

    const suspended = await numberedMember();
    await portal.app.ctx.db.update(users).set({ suspendedAt: new Date(), suspensionReason: 'Unpaid fine' }).where(eq(users.id, suspended.user.id));
    const response = await new TestClient(portal.app).get(suspended.check);
    expect(response.json().state).toBe('lapsed');
    expect(response.body).not.toMatch(/fine|suspend/i);

    // A numbered member with no paid-until on record is not "none" at the door: lapsed.
    const unpaid = await numberedMember();
    await portal.app.ctx.db.update(users).set({ paidUntil: null }).where(eq(users.id, unpaid.user.id));
    expect((await new TestClient(portal.app).get(unpaid.check)).json()).toMatchObject({ state: 'lapsed', paidUntil: null });
  });

  it('says grace, at the door and on the card, in the days after paid-until that still count', async () => {
    const member = await numberedMember();
    const yesterday = shiftDate(todayInLagos(portal.app.ctx.clock()), -1);
    await portal.app.ctx.db.update(users).set({ paidUntil: yesterday }).where(eq(users.id, member.user.id));
    expect((await new TestClient(portal.app).get(member.check)).json()).toMatchObject({ state: 'grace', paidUntil: yesterday });
    await expect.poll(async () => (await member.client.get('/api/users/card')).json().card.state).toBe('grace');
  });

  it('shows no photo for a member who has none, on the card or at the door', async () => {
    const { card, check } = await numberedMemberWithoutPhoto();
    expect(card.photoUrl).toBeNull();
    const visitor = new TestClient(portal.app);
    expect((await visitor.get(check)).json()).toMatchObject({ fullName: 'Adaeze Nwosu', photoUrl: null });
    const photo = await visitor.get(check.replace('?', '/photo?'));
    expect([photo.statusCode, photo.json().message]).toEqual([404, 'This member has no photo.']);
  });

  it('keeps the check code of cards already printed: the HMAC of the number under its own purpose label; a reissued card has its own', () => {
    // HMAC-SHA256 of "member-card-check:123" under "a-session-secret", base64url, its first 16 characters.
    expect(cardCheckCode('a-session-secret', 123, 1)).toBe('Qg0FD_mwsn4T1L8v');
    expect(new Set([1, 2, 3].map((version) => cardCheckCode('a-session-secret', 123, version))).size).toBe(3);
  });

  it('replaces a card when staff reissue it: the old QR code fails the check, the new one passes; audited, and the member told', async () => {
    const member = await numberedMember();
    const staff = await signedInStaff(portal.app);
    const refused = await staff.post(`/api/admin/members/${member.user.id}/card/reissue`, { json: { reason: '' } });
    expect(refused.statusCode).toBe(400);
    const reissued = await staff.post(`/api/admin/members/${member.user.id}/card/reissue`, { json: { reason: 'A photo of the card was shared' } });
    expect(reissued.statusCode, reissued.body).toBe(200);
    expect(reissued.json()).toEqual({ message: 'Card replaced: the old QR code no longer checks. The member has been told.', cardVersion: 2 });

    const visitor = new TestClient(portal.app);
    const old = await visitor.get(member.check);
    expect([old.statusCode, old.json().message]).toEqual([
      404,
      `This card could not be checked: no member has the number ${member.card.memberNumber} with this check code. Scan the card's QR code again, or check the number against the card.`,
    ]);
    expect((await visitor.get(member.check.replace('?', '/photo?'))).statusCode).toBe(404);
    const card = (await member.client.get('/api/users/card')).json().card;
    expect(card.verifyUrl).not.toBe(member.card.verifyUrl);
    const fresh = await visitor.get(checkOf(card));
    expect(fresh.statusCode, fresh.body).toBe(200);
    expect(fresh.json()).toMatchObject({ memberNumber: member.card.memberNumber, photoUrl: expect.stringMatching(/\/photo\?code=/) });

    const [audited] = await portal.app.ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'member.card-reissued'), eq(auditLog.subjectId, member.user.id)));
    expect(audited!.details).toEqual({ cardVersion: 2, reason: 'A photo of the card was shared' });
    const told = await portal.app.ctx.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, member.user.id), eq(notifications.kind, 'card-reissued')));
    expect(told.map((n) => n.message)).toEqual([
      'Staff replaced your membership card: the QR code of the old one no longer works. Show the card on your dashboard at the door.',
    ]);
    const unknown = await staff.post('/api/admin/members/00000000-0000-4000-8000-000000000000/card/reissue', { json: { reason: 'x' } });
    expect(unknown.statusCode).toBe(404);
  });

  it('answers 404 with a clear message for a number nobody has, or no number at all', async () => {
    for (const [number, shown] of [
      ['HM-999999', 'HM-999999'],
      ['hello', 'HELLO'],
      ['%20HM-999999%20', 'HM-999999'],
      ['a'.repeat(30), 'A'.repeat(20)],
    ]) {
      const response = await new TestClient(portal.app).get(`/api/verify/${number}`);
      expect(response.statusCode).toBe(404);
      expect(response.json().message).toBe(
        `This card could not be checked: no member has the number ${shown} with this check code. Scan the card's QR code again, or check the number against the card.`,
      );
    }
  });

  it('answers a number without its card’s check code, or with another card’s, as a number nobody has: the check cannot be walked', async () => {
    const first = await numberedMember();
    const second = await numberedMember();
    const unknown = `This card could not be checked: no member has the number ${first.card.memberNumber} with this check code. Scan the card's QR code again, or check the number against the card.`;
    const otherCode = new URL(second.card.verifyUrl).searchParams.get('code');
    for (const url of [
      `/api/verify/${first.card.memberNumber}`,
      `/api/verify/${first.card.memberNumber}?code=`,
      `/api/verify/${first.card.memberNumber}?code=${otherCode}`,
      `/api/verify/${first.card.memberNumber}?code=${otherCode}x`,
    ]) {
      const response = await new TestClient(portal.app).get(url);
      expect(response.statusCode, url).toBe(404);
      expect(response.json().message).toBe(unknown);
      const photo = await new TestClient(portal.app).get(url.replace(first.card.memberNumber, `${first.card.memberNumber}/photo`));
      expect(photo.statusCode).toBe(404);
      expect(photo.json().message).toBe(unknown);
    }
    expect((await new TestClient(portal.app).get(first.check)).statusCode).toBe(200);
  });

  it('answers a number nobody has, sent with its right check code, as a number nobody has', async () => {
    const code = cardCheckCode(portal.app.ctx.config.sessionSecret, 999_997, 1);
    const response = await new TestClient(portal.app).get(`/api/verify/HM-999997?code=${code}`);
    expect([response.statusCode, response.json().message]).toEqual([
      404,
      "This card could not be checked: no member has the number HM-999997 with this check code. Scan the card's QR code again, or check the number against the card.",
    ]);
  });

  it('never shows the photo of a child whose guardian did not allow publication; shows it once they did', async () => {
    const member = await numberedMember();
    const childDob = format(subYears(addDays(new Date(), -10), 14), 'yyyy-MM-dd');
    await portal.app.ctx.db.update(users).set({ dob: childDob, guardianState: 'confirmed' }).where(eq(users.id, member.user.id));
    await portal.app.ctx.db.insert(guardians).values({
      userId: member.user.id,
      name: 'Ngozi Nwosu',
      relationship: 'Mother',
      email: 'ngozi@example.com',
      phone: '+2348035550101',
      confirmedAt: new Date(),
      allowsPublication: false,
    });
    const visitor = new TestClient(portal.app);
    const shown = await visitor.get(member.check);
    expect(shown.statusCode).toBe(200);
    expect(shown.json()).toMatchObject({ fullName: 'Adaeze Nwosu', photoUrl: null });
    const photoCheck = member.check.replace('?', '/photo?');
    expect((await visitor.get(photoCheck)).statusCode).toBe(404);

    await portal.app.ctx.db.update(guardians).set({ allowsPublication: true }).where(eq(guardians.userId, member.user.id));
    const allowed = await visitor.get(member.check);
    expect(allowed.json().photoUrl).toBe(photoCheck);
    expect((await visitor.get(photoCheck)).statusCode).toBe(200);
  });

  it('has no card for a member not activated yet, and none for staff', async () => {
    const { client } = await signedUpMember(portal.app);
    expect((await client.get('/api/users/card')).json()).toEqual({ card: null });
    expect((await (await signedInStaff(portal.app)).get('/api/users/card')).statusCode).toBe(403);
  });

  it('limits the checks from one address', async () => {
    const visitor = new TestClient(portal.app);
    const codes: number[] = [];
    for (let i = 0; i < VERIFY_LIMIT + 1; i++) codes.push((await visitor.get('/api/verify/HM-999998')).statusCode);
    const refused = await visitor.get('/api/verify/HM-999998');
    expect(codes).toContain(404);
    expect(refused.statusCode).toBe(429);
    expect(refused.json().message).toMatch(/Too many membership checks/);
  });
});
