import { desc, eq } from 'drizzle-orm';
import type { AnnouncementSummary, SendAnnouncement } from '../../shared/schemas/announcements.js';
import { recordAudit } from '../audit/audit.js';
import type { StaffUser } from '../auth/guards.js';
import type { AppContext } from '../context.js';
import { announcements, notifications, outbox, users } from '../db/schema.js';
import { conflict } from '../http/errors.js';
import { announcementsMail } from './mail.js';
import { recipientsOf } from './audience.js';

/** Rows per INSERT: well under PostgreSQL's 65,535 parameters for the outbox's columns. */
const BATCH = 500;

function audienceValueOf(input: SendAnnouncement): string | null {
  if (input.audience === 'level') return String(input.level);
  if (input.audience === 'industry') return input.industry;
  return null;
}

/**
 * Sends an announcement: a notification and an outbox mail for each recipient, with the
 * announcement's row, in one transaction. The form's key is unique: the same form sent twice
 * (a double click) waits for the first and is refused, so nobody gets it twice.
 */
export async function sendAnnouncement(ctx: AppContext, staff: StaffUser, input: SendAnnouncement): Promise<AnnouncementSummary> {
  const sent = await ctx.db.transaction(async (tx) => {
    const [row] = await tx
      .insert(announcements)
      .values({
        clientKey: input.clientKey,
        title: input.title,
        body: input.body,
        promotional: input.promotional,
        audience: input.audience,
        audienceValue: audienceValueOf(input),
        recipients: 0,
        sentBy: staff.id,
      })
      .onConflictDoNothing({ target: announcements.clientKey })
      .returning();
    if (!row) throw conflict('This announcement has already been sent.');
    const recipients = await recipientsOf(ctx, tx, input);
    const message = `${input.title}: ${input.body}`;
    for (let start = 0; start < recipients.length; start += BATCH) {
      const batch = recipients.slice(start, start + BATCH);
      await tx.insert(notifications).values(batch.map((member) => ({ userId: member.id, kind: 'announcement', message })));
      await tx
        .insert(outbox)
        .values(
          batch.map((member) => announcementsMail.announcement(ctx.mailer.brand, member.email, member.fullName, input.title, input.body, input.promotional)),
        );
    }
    const [counted] = await tx.update(announcements).set({ recipients: recipients.length }).where(eq(announcements.id, row.id)).returning();
    await recordAudit(tx, {
      actor: staff,
      action: 'announcement.send',
      subjectType: 'announcement',
      subjectId: row.id,
      details: {
        title: input.title,
        audience: input.audience,
        audienceValue: row.audienceValue,
        promotional: input.promotional,
        recipients: recipients.length,
      },
    });
    return counted!;
  });
  ctx.mailer.nudge();
  return { ...toSummary(sent), sentBy: staff.email };
}

function toSummary(row: typeof announcements.$inferSelect): Omit<AnnouncementSummary, 'sentBy'> {
  return {
    id: row.id,
    title: row.title,
    body: row.body,
    promotional: row.promotional,
    audience: row.audience,
    audienceValue: row.audienceValue,
    recipients: row.recipients,
    createdAt: row.createdAt.toISOString(),
  };
}

/** The latest announcements, newest first, with who sent each. */
export async function listAnnouncements(ctx: AppContext): Promise<AnnouncementSummary[]> {
  const rows = await ctx.db
    .select({ announcement: announcements, sentBy: users.email })
    .from(announcements)
    .leftJoin(users, eq(users.id, announcements.sentBy))
    .orderBy(desc(announcements.createdAt))
    .limit(200);
  return rows.map(({ announcement, sentBy }) => ({ ...toSummary(announcement), sentBy }));
}
