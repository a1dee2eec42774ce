import { and, asc, count, desc, eq, inArray, isNotNull, isNull, or, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import { labelOf } from '../../shared/form-options.js';
import { CONTACT_FEEDBACK } from '../../shared/options.js';
import type { ContactFilter, ContactMessageDetail, ContactMessageSummary, contactSchema } from '../../shared/schemas/contact.js';
import { STAFF_PAGE_SIZE } from '../../shared/constants.js';
import { recordAudit } from '../audit/audit.js';
import type { AuthUser } from '../auth/sessions.js';
import type { AppContext } from '../context.js';
import type { Executor } from '../db/client.js';
import { contactMessages, contactReplies, users } from '../db/schema.js';
import { notFound } from '../http/errors.js';
import { isUuid } from '../http/parse.js';
import { enqueueMail } from '../mail/outbox.js';
import { contactMail } from './mail.js';
import { readSiteSettings } from '../site/site-settings.js';

type ContactMessage = typeof contactMessages.$inferSelect;

const senderName = (m: Pick<ContactMessage, 'firstName' | 'lastName'>) => `${m.firstName} ${m.lastName}`;
const feedbackLabel = (value: string) => labelOf(CONTACT_FEEDBACK, value);

/**
 * Keeps a message from the contact page for staff (`userId` when the sender was signed in) and
 * mails the company address (as saved on the settings page, else COMPANY_EMAIL) in the same transaction, so a stored message always reaches it.
 */
export async function saveContactMessage(ctx: AppContext, message: z.output<typeof contactSchema>, userId: string | null): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    await tx.insert(contactMessages).values({ ...message, userId });
    const from = {
      name: senderName(message),
      email: message.email,
      phone: message.phone,
      feedback: feedbackLabel(message.feedback),
      message: message.message ?? null,
    };
    const { email: savedEmail } = await readSiteSettings(ctx, tx);
    await enqueueMail(tx, contactMail.contactForStaff(ctx.mailer.brand, savedEmail ?? ctx.config.company.email, from));
  });
  ctx.mailer.nudge();
}

/** Removes a terminated member's messages: sent signed in, or from their email or phone number. */
export async function forgetContactMessages(db: Executor, person: { userId: string; emails: string[]; phone: string }): Promise<void> {
  await db
    .delete(contactMessages)
    .where(or(eq(contactMessages.userId, person.userId), inArray(contactMessages.email, person.emails), eq(contactMessages.phone, person.phone)));
}

/** Messages nobody has marked handled: the console home's and the Messages tab's count. */
export async function countNewContactMessages(db: Executor): Promise<number> {
  return db.$count(contactMessages, isNull(contactMessages.handledAt));
}

const PREVIEW_LENGTH = 120;

function preview(text: string | null): string {
  if (!text) return '';
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length > PREVIEW_LENGTH ? `${flat.slice(0, PREVIEW_LENGTH - 1)}…` : flat;
}

function filterCondition(filter: ContactFilter): SQL | undefined {
  if (filter === 'new') return isNull(contactMessages.handledAt);
  if (filter === 'handled') return isNotNull(contactMessages.handledAt);
  return undefined;
}

/** The inbox: unhandled messages first, newest first within each. */
export async function listContactMessages(ctx: AppContext, query: { filter: ContactFilter; page: number }) {
  const where = filterCondition(query.filter);
  const replyCount = ctx.db.$count(contactReplies, eq(contactReplies.messageId, contactMessages.id));
  const [rows, [total], newCount] = await Promise.all([
    ctx.db
      .select({ message: contactMessages, replies: replyCount })
      .from(contactMessages)
      .where(where)
      .orderBy(sql`${contactMessages.handledAt} is null desc`, desc(contactMessages.createdAt), desc(contactMessages.id))
      .limit(STAFF_PAGE_SIZE)
      .offset((query.page - 1) * STAFF_PAGE_SIZE),
    ctx.db.select({ total: count() }).from(contactMessages).where(where),
    countNewContactMessages(ctx.db),
  ]);
  const messages: ContactMessageSummary[] = rows.map(({ message, replies }) => ({
    id: message.id,
    name: senderName(message),
    email: message.email,
    feedback: feedbackLabel(message.feedback),
    preview: preview(message.message),
    handledAt: message.handledAt?.toISOString() ?? null,
    replies: Number(replies),
    createdAt: message.createdAt.toISOString(),
  }));
  return { messages, page: query.page, pageSize: STAFF_PAGE_SIZE, total: total?.total ?? 0, newCount };
}

async function findMessage(db: Executor, id: string): Promise<ContactMessage> {
  const [message] = isUuid(id) ? await db.select().from(contactMessages).where(eq(contactMessages.id, id)) : [];
  if (!message) throw notFound('Message not found. It may have been removed with the sender’s account.');
  return message;
}

export async function getContactMessage(ctx: AppContext, id: string): Promise<ContactMessageDetail> {
  const message = await findMessage(ctx.db, id);
  const [replies, [handler]] = await Promise.all([
    ctx.db.select().from(contactReplies).where(eq(contactReplies.messageId, id)).orderBy(asc(contactReplies.createdAt), asc(contactReplies.id)),
    message.handledBy ? ctx.db.select({ name: users.fullName }).from(users).where(eq(users.id, message.handledBy)) : [],
  ]);
  return {
    id: message.id,
    name: senderName(message),
    email: message.email,
    phone: message.phone,
    feedback: feedbackLabel(message.feedback),
    message: message.message,
    memberId: message.userId,
    handledAt: message.handledAt?.toISOString() ?? null,
    handledBy: handler?.name ?? null,
    createdAt: message.createdAt.toISOString(),
    replies: replies.map((reply) => ({ id: reply.id, staffName: reply.staffName, text: reply.text, createdAt: reply.createdAt.toISOString() })),
  };
}

/** Sets handled once: a second click (or a second staff member at the same moment) changes and audits nothing. */
async function markHandledIn(tx: Executor, staff: AuthUser, id: string): Promise<void> {
  const [updated] = await tx
    .update(contactMessages)
    .set({ handledAt: new Date(), handledBy: staff.id })
    .where(and(eq(contactMessages.id, id), isNull(contactMessages.handledAt)))
    .returning({ id: contactMessages.id });
  if (updated) await recordAudit(tx, { actor: staff, action: 'contact.handled', subjectType: 'contact', subjectId: id });
}

export async function markContactHandled(ctx: AppContext, staff: AuthUser, id: string): Promise<ContactMessageDetail> {
  await findMessage(ctx.db, id);
  await ctx.db.transaction((tx) => markHandledIn(tx, staff, id));
  return getContactMessage(ctx, id);
}

/** Emails the reply to the sender through the outbox and keeps it with the message, in one transaction. */
export async function replyToContact(
  ctx: AppContext,
  staff: AuthUser,
  id: string,
  reply: { text: string; markHandled: boolean },
): Promise<ContactMessageDetail> {
  await ctx.db.transaction(async (tx) => {
    // The row lock keeps the reply from landing on a message a member's termination is removing.
    const [message] = isUuid(id) ? await tx.select().from(contactMessages).where(eq(contactMessages.id, id)).for('update') : [];
    if (!message) throw notFound('Message not found. It may have been removed with the sender’s account.');
    const [saved] = await tx
      .insert(contactReplies)
      .values({ messageId: id, staffId: staff.id, staffName: staff.fullName, text: reply.text })
      .returning({ id: contactReplies.id });
    await enqueueMail(tx, contactMail.contactReply(ctx.mailer.brand, message.email, message.firstName, reply.text, message.message));
    await recordAudit(tx, { actor: staff, action: 'contact.reply', subjectType: 'contact', subjectId: id, details: { replyId: saved!.id } });
    if (reply.markHandled) await markHandledIn(tx, staff, id);
  });
  ctx.mailer.nudge();
  return getContactMessage(ctx, id);
}
