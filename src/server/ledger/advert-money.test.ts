import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { shiftDate, todayInLagos } from '../../shared/dates.js';
import { ads, ledgerEntries, payments } from '../db/schema.js';
import { advertForm } from '../test-support/advert-form.js';
import { TestMailbox } from '../test-support/mailbox.js';
import { createPostgresTestApp, describeOnPostgres } from '../test-support/on-postgres.js';
import { activatedMember, signedInStaffAs, type TestClient } from '../test-support/test-app.js';

/**
 * An advert's two decisions (its content: a moderator's; its money: finance's) and its member's
 * own deletion, at the same moment and one after the other, on PostgreSQL.
 */
const mailbox = new TestMailbox();
let portal: Awaited<ReturnType<typeof createPostgresTestApp>>;
let finance: TestClient;
let moderator: TestClient;

describeOnPostgres('an advert and its payment', () => {
  beforeAll(async () => {
    portal = await createPostgresTestApp({}, { mailTransport: mailbox.transport });
    finance = (await signedInStaffAs(portal.app, 'finance')).client;
    moderator = (await signedInStaffAs(portal.app, 'moderator')).client;
  });
  afterAll(() => portal?.close());

  const today = () => todayInLagos(portal.app.ctx.clock());
  const schedule = () => ({ startDate: today(), endDate: shiftDate(today(), 13), frequency: 'always' });

  async function placedAd() {
    const member = await activatedMember(portal.app);
    const placed = await member.client.put('/api/users/profile', { form: await advertForm() });
    expect(placed.statusCode).toBe(200);
    const adId = placed.json().user.ad.id as string;
    const [row] = await portal.app.ctx.db.select({ paymentId: ads.paymentId }).from(ads).where(eq(ads.id, adId));
    return { ...member, adId, paymentId: row!.paymentId! };
  }

  const paymentOf = async (id: string) => (await portal.app.ctx.db.select().from(payments).where(eq(payments.id, id)))[0]!;
  const entriesOf = (id: string) => portal.app.ctx.db.select().from(ledgerEntries).where(eq(ledgerEntries.paymentId, id));

  it('a moderator approving the content while finance approves the payment: both succeed, in one lock order (no deadlock)', async () => {
    for (let round = 0; round < 8; round++) {
      const { adId, paymentId } = await placedAd();
      const [content, money] = await Promise.all([
        moderator.post(`/api/admin/ads/${adId}/approve`, { json: schedule() }),
        finance.post(`/api/admin/payments/${paymentId}/approve`, { json: {} }),
      ]);
      expect([content.statusCode, money.statusCode], `${content.body} ${money.body}`).toEqual([200, 200]);
      const [ad] = await portal.app.ctx.db.select().from(ads).where(eq(ads.id, adId));
      expect(ad).toMatchObject({ state: 'approved', paidAt: expect.any(Date) });
      expect((await entriesOf(paymentId)).map((entry) => entry.kind).sort()).toEqual(['advert', 'payment']);
    }
  });

  it('a moderator rejecting the content while finance approves the payment: one order wins, nothing is left half-done', async () => {
    for (let round = 0; round < 8; round++) {
      const { adId, paymentId } = await placedAd();
      const [content, money] = await Promise.all([
        moderator.post(`/api/admin/ads/${adId}/reject`, { json: { reason: 'The image shows a competitor’s logo.' } }),
        finance.post(`/api/admin/payments/${paymentId}/approve`, { json: {} }),
      ]);
      expect(content.statusCode, content.body).toBe(200);
      expect([200, 409], money.body).toContain(money.statusCode);
      const payment = await paymentOf(paymentId);
      if (money.statusCode === 200) {
        // Paid first, then rejected: booked once, and listed for finance to refund.
        expect(payment).toMatchObject({ state: 'approved', issue: expect.stringMatching(/content was rejected.*refund/) });
        expect(await entriesOf(paymentId)).toHaveLength(2);
      } else {
        expect(payment).toMatchObject({ state: 'rejected' });
        expect(await entriesOf(paymentId)).toEqual([]);
      }
    }
  });

  it('rejected content of a paid advert lists its payment for a refund; the reversal clears the listing', async () => {
    const { client, adId, paymentId } = await placedAd();
    expect((await finance.post(`/api/admin/payments/${paymentId}/approve`, { json: {} })).statusCode).toBe(200);
    expect((await moderator.post(`/api/admin/ads/${adId}/reject`, { json: { reason: 'Misleading claims.' } })).statusCode).toBe(200);
    const listed = (await finance.get('/api/admin/payments?status=approved&kind=ad')).json().find((p: { id: string }) => p.id === paymentId);
    expect(listed.issue).toBe('The advert’s content was rejected (Misleading claims.): refund or reverse this payment.');
    const notes = (await client.get('/api/notifications')).json().notifications.map((n: { message: string }) => n.message);
    expect(notes[0]).toMatch(/Our finance team will return your payment/);
    expect(
      (await finance.post(`/api/admin/payments/${paymentId}/reverse`, { json: { reason: 'Advert rejected: money returned by transfer.' } })).statusCode,
    ).toBe(200);
    expect(await paymentOf(paymentId)).toMatchObject({ state: 'reversed', issue: null });
  });

  it('deleted by its member while its payment is pending: the payment is withdrawn and cannot be booked', async () => {
    const { client, paymentId } = await placedAd();
    const deleted = await client.put('/api/users/profile', { json: { ad: { imageUrl: null, linkUrl: null, altText: null } } });
    expect(deleted.statusCode).toBe(200);
    expect(await paymentOf(paymentId)).toMatchObject({ state: 'rejected', reason: 'The member deleted the advert before its payment was confirmed.' });
    expect((await finance.post(`/api/admin/payments/${paymentId}/approve`, { json: {} })).statusCode).toBe(409);
    expect(await entriesOf(paymentId)).toEqual([]);
  });

  it('deleted by its member once paid: the payment is listed for finance to decide a refund', async () => {
    const { client, paymentId } = await placedAd();
    expect((await finance.post(`/api/admin/payments/${paymentId}/approve`, { json: {} })).statusCode).toBe(200);
    expect((await client.put('/api/users/profile', { json: { ad: { imageUrl: null, linkUrl: null, altText: null } } })).statusCode).toBe(200);
    expect(await paymentOf(paymentId)).toMatchObject({
      state: 'approved',
      issue: 'The member deleted the advert before it ended: refund or reverse this payment if money is owed back.',
    });
  });

  it('deleted by its member while finance approves its payment: one order wins, no payment booked for a deleted advert', async () => {
    for (let round = 0; round < 6; round++) {
      const { client, adId, paymentId } = await placedAd();
      const [removed, money] = await Promise.all([
        client.put('/api/users/profile', { json: { ad: { imageUrl: null, linkUrl: null, altText: null } } }),
        finance.post(`/api/admin/payments/${paymentId}/approve`, { json: {} }),
      ]);
      expect(removed.statusCode, removed.body).toBe(200);
      expect([200, 409], money.body).toContain(money.statusCode);
      const [ad] = await portal.app.ctx.db
        .select()
        .from(ads)
        .where(and(eq(ads.id, adId)));
      expect(ad!.state).toBe('deleted');
      const payment = await paymentOf(paymentId);
      expect(payment.state === 'rejected' || (payment.state === 'approved' && payment.issue !== null)).toBe(true);
    }
  });
});
