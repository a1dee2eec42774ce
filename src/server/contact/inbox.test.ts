import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, contactMessages, contactReplies, outbox } from '../db/schema.js';
import { TestMailbox } from '../test-support/mailbox.js';
import { createTestApp, onPostgresServer, signedInStaff, signedInStaffAs, TestClient } from '../test-support/test-app.js';

const COMPANY_EMAIL = 'office@example.com';

let portal: Awaited<ReturnType<typeof createTestApp>>;
let app: FastifyInstance;
let staff: TestClient;
let moderator: TestClient;
const mailbox = new TestMailbox();

let sent = 0;
async function sendMessage(overrides: Record<string, unknown> = {}) {
  sent += 1;
  const body = {
    firstName: 'Amaka',
    lastName: `Eze ${sent}`,
    email: `amaka${sent}@example.com`,
    phone: `0802000${String(sent).padStart(4, '0')}`,
    feedback: 'support',
    message: `When is the next casting day? (${sent})`,
    ...overrides,
  };
  const response = await new TestClient(app).post('/api/contact', { json: body });
  expect(response.statusCode, response.body).toBe(201);
  const [row] = await app.ctx.db
    .select()
    .from(contactMessages)
    .where(eq(contactMessages.email, body.email as string));
  return { ...body, id: row!.id };
}

beforeAll(async () => {
  portal = await createTestApp({ COMPANY_EMAIL }, { mailTransport: mailbox.transport });
  app = portal.app;
  staff = await signedInStaff(app);
  moderator = (await signedInStaffAs(app, 'moderator')).client;
});
afterAll(() => portal.close());

describe('a new contact message', () => {
  it('is stored and emailed to the company address with who wrote and what', async () => {
    const message = await sendMessage({ message: 'Please call me about =HYPERLINK("x") adverts' });
    const mail = await mailbox.waitFor((m) => m.to === COMPANY_EMAIL && m.subject.includes(`${message.firstName} ${message.lastName}`));
    expect(mail.text).toContain(message.email);
    expect(mail.text).toContain(message.phone.replace(/^0/, '+234'));
    expect(mail.text).toContain('Please call me about');
    expect(mail.text).toContain('Support');
  });

  it('refuses a message without a first name, storing and mailing nothing', async () => {
    const before = await app.ctx.db.$count(outbox);
    const response = await new TestClient(app).post('/api/contact', {
      json: { lastName: 'X', email: 'nobody@example.com', phone: '08020009999', feedback: 'general' },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toMatch(/First name is required/);
    expect(await app.ctx.db.$count(contactMessages, eq(contactMessages.email, 'nobody@example.com'))).toBe(0);
    expect(await app.ctx.db.$count(outbox)).toBe(before);
  });
});

describe('the inbox', () => {
  it('lists unhandled messages first, newest first, with the count of new ones', async () => {
    const older = await sendMessage();
    const handled = await sendMessage();
    const newer = await sendMessage();
    expect((await staff.post(`/api/admin/messages/${handled.id}/handled`)).statusCode).toBe(200);

    const response = await staff.get('/api/admin/messages');
    expect(response.statusCode).toBe(200);
    const body = response.json();
    const ids = body.messages.map((m: { id: string }) => m.id);
    expect(ids.indexOf(newer.id)).toBeLessThan(ids.indexOf(older.id));
    expect(ids.indexOf(older.id)).toBeLessThan(ids.indexOf(handled.id));
    expect(body.newCount).toBe(body.messages.filter((m: { handledAt: string | null }) => m.handledAt === null).length);
    expect(body.messages.find((m: { id: string }) => m.id === newer.id)).toMatchObject({
      name: `Amaka ${newer.lastName}`,
      email: newer.email,
      feedback: 'Support',
      replies: 0,
      handledAt: null,
    });

    const onlyNew = (await staff.get('/api/admin/messages?filter=new')).json();
    expect(onlyNew.messages.map((m: { id: string }) => m.id)).not.toContain(handled.id);
    expect(onlyNew.total).toBe(body.newCount);
    const onlyHandled = (await staff.get('/api/admin/messages?filter=handled')).json();
    expect(onlyHandled.messages.map((m: { id: string }) => m.id)).toEqual([handled.id]);
  });

  it('answers a bad filter or page with a message', async () => {
    const filter = await staff.get('/api/admin/messages?filter=old');
    expect(filter.statusCode).toBe(400);
    expect(filter.json().message).toMatch(/Filter must be new, handled or all/);
    const page = await staff.get('/api/admin/messages?page=0');
    expect(page.statusCode).toBe(400);
    expect(page.json().message).toMatch(/Page/);
  });

  it('opens one message in full; an unknown one is 404', async () => {
    const message = await sendMessage({ message: 'Line one\nLine two' });
    const response = await moderator.get(`/api/admin/messages/${message.id}`);
    expect(response.statusCode).toBe(200);
    expect(response.json().contact).toMatchObject({
      id: message.id,
      phone: message.phone.replace(/^0/, '+234'),
      message: 'Line one\nLine two',
      replies: [],
      handledAt: null,
      memberId: null,
    });
    for (const id of ['not-a-uuid', '9b1deb4d-3b7d-4bad-9bdd-2b0d7b3dcb6d']) {
      const missing = await staff.get(`/api/admin/messages/${id}`);
      expect(missing.statusCode).toBe(404);
      expect(missing.json().message).toMatch(/Message not found/);
    }
  });

  it('keeps finance out', async () => {
    const finance = (await signedInStaffAs(app, 'finance')).client;
    expect((await finance.get('/api/admin/messages')).statusCode).toBe(403);
  });
});

describe('replying', () => {
  it('emails the reply to the sender, keeps it with the message, audits it, and can mark the message handled', async () => {
    const message = await sendMessage();
    const response = await staff.post(`/api/admin/messages/${message.id}/reply`, {
      json: { text: 'The next casting day is on 5 December.\n\nBring two photos.', markHandled: true },
    });
    expect(response.statusCode, response.body).toBe(201);
    const contact = response.json().contact;
    expect(contact.replies).toHaveLength(1);
    expect(contact.replies[0]).toMatchObject({ text: 'The next casting day is on 5 December.\n\nBring two photos.' });
    expect(contact.handledAt).not.toBeNull();
    expect(contact.handledBy).toBeTruthy();

    const mail = await mailbox.waitFor((m) => m.to === message.email && /Reply to your message/.test(m.subject));
    expect(mail.text).toContain('The next casting day is on 5 December.');
    expect(mail.text).toContain('Bring two photos.');
    expect(mail.text).toContain(`You wrote: ${message.message}`);
    expect(mail.html).toContain('<p>Bring two photos.</p>');

    const audit = await app.ctx.db.select().from(auditLog).where(eq(auditLog.subjectId, message.id));
    expect(audit.map((a) => a.action).sort()).toEqual(['contact.handled', 'contact.reply']);
    const list = (await staff.get('/api/admin/messages?filter=handled')).json();
    expect(list.messages.find((m: { id: string }) => m.id === message.id).replies).toBe(1);
  });

  it('leaves the message new when not asked to mark it handled', async () => {
    const message = await sendMessage();
    const response = await moderator.post(`/api/admin/messages/${message.id}/reply`, { json: { text: 'We will call you.' } });
    expect(response.statusCode).toBe(201);
    expect(response.json().contact.handledAt).toBeNull();
  });

  it('refuses an empty or too long reply, sending and storing nothing', async () => {
    const message = await sendMessage();
    for (const [body, error] of [
      [{ text: '   ' }, /Reply is required/],
      [{}, /Reply is required/],
      [{ text: 'x'.repeat(5001) }, /Reply must be at most 5000 characters/],
      [{ text: 'ok', markHandled: 'yes' }, /Mark handled must be true or false/],
    ] as const) {
      const response = await staff.post(`/api/admin/messages/${message.id}/reply`, { json: body });
      expect(response.statusCode).toBe(400);
      expect(response.json().message).toMatch(error);
    }
    expect(await app.ctx.db.$count(contactReplies, eq(contactReplies.messageId, message.id))).toBe(0);
    expect(mailbox.countTo(message.email, /Reply to your message/)).toBe(0);
  });

  it('answers 404 for a reply to a message that is not there', async () => {
    const response = await staff.post('/api/admin/messages/9b1deb4d-3b7d-4bad-9bdd-2b0d7b3dcb6d/reply', { json: { text: 'Hello' } });
    expect(response.statusCode).toBe(404);
  });
});

describe('marking handled', () => {
  it('records who and when once; a second click changes nothing', async () => {
    const message = await sendMessage();
    const first = await staff.post(`/api/admin/messages/${message.id}/handled`);
    expect(first.statusCode).toBe(200);
    const handledAt = first.json().contact.handledAt;
    expect(handledAt).not.toBeNull();
    const second = await moderator.post(`/api/admin/messages/${message.id}/handled`);
    expect(second.json().contact.handledAt).toBe(handledAt);
    expect(await app.ctx.db.$count(auditLog, and(eq(auditLog.subjectId, message.id), eq(auditLog.action, 'contact.handled')))).toBe(1);
  });

  it.runIf(onPostgresServer)('by two staff at once: handled once, audited once', async () => {
    const message = await sendMessage();
    const responses = await Promise.all([staff, moderator].map((client) => client.post(`/api/admin/messages/${message.id}/handled`)));
    expect(responses.map((r) => r.statusCode)).toEqual([200, 200]);
    expect(await app.ctx.db.$count(auditLog, and(eq(auditLog.subjectId, message.id), eq(auditLog.action, 'contact.handled')))).toBe(1);
  });

  it.runIf(onPostgresServer)('two replies at once are both sent and both kept', async () => {
    const message = await sendMessage();
    const responses = await Promise.all(
      ['First answer', 'Second answer'].map((text, i) => [staff, moderator][i]!.post(`/api/admin/messages/${message.id}/reply`, { json: { text } })),
    );
    expect(responses.map((r) => r.statusCode)).toEqual([201, 201]);
    expect(await app.ctx.db.$count(contactReplies, eq(contactReplies.messageId, message.id))).toBe(2);
    await mailbox.waitFor((m) => m.to === message.email && m.text.includes('Second answer'));
    await mailbox.waitFor((m) => m.to === message.email && m.text.includes('First answer'));
  });
});
