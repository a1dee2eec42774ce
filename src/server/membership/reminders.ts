import { and, eq, gte, isNull, lte } from 'drizzle-orm';
import { shiftDate, todayInLagos } from '../../shared/dates.js';
import { displayDate } from '../../shared/display-date.js';
import { GRACE_DAYS } from '../../shared/membership.js';
import type { AppContext } from '../context.js';
import { membershipReminders, users } from '../db/schema.js';
import { enqueueMail } from '../mail/outbox.js';
import { membershipMail } from './mail.js';
import { notify } from '../notifications/notifications.js';

type ReminderKind = (typeof membershipReminders.$inferInsert)['kind'];

/**
 * When each reminder is due, in days from paid-until: a window rather than a day, so a day the
 * portal was down does not lose one. 7 days before, 1 day before, 3 days after (in grace).
 */
const REMINDERS: { kind: ReminderKind; from: number; to: number }[] = [
  { kind: 'before-7', from: -7, to: -2 },
  { kind: 'before-1', from: -1, to: 0 },
  { kind: 'after-3', from: 3, to: GRACE_DAYS },
];

/**
 * Sends the membership reminders due today. Each is recorded in the same transaction as its mail
 * and notification, and the record's key (member, kind, paid-until) lets only one of several
 * runs (processes, restarts) send it. Returns how many were sent.
 */
export async function sendMembershipReminders(ctx: AppContext): Promise<number> {
  const today = todayInLagos(ctx.clock());
  let sent = 0;
  for (const reminder of REMINDERS) {
    // paid-until such that today is within [paid-until + from, paid-until + to].
    const due = await ctx.db
      .select({ id: users.id, email: users.email, fullName: users.fullName, paidUntil: users.paidUntil })
      .from(users)
      .leftJoin(
        membershipReminders,
        and(eq(membershipReminders.userId, users.id), eq(membershipReminders.kind, reminder.kind), eq(membershipReminders.paidUntil, users.paidUntil)),
      )
      .where(
        and(
          eq(users.activated, true),
          eq(users.role, 'member'),
          isNull(users.suspendedAt),
          gte(users.paidUntil, shiftDate(today, -reminder.to)),
          lte(users.paidUntil, shiftDate(today, -reminder.from)),
          isNull(membershipReminders.userId),
        ),
      );
    for (const member of due) {
      const paidUntil = member.paidUntil!;
      const recorded = await ctx.db.transaction(async (tx) => {
        const [row] = await tx
          .insert(membershipReminders)
          .values({ userId: member.id, kind: reminder.kind, paidUntil })
          .onConflictDoNothing()
          .returning({ userId: membershipReminders.userId });
        if (!row) return false;
        const message = reminderText(reminder.kind, paidUntil);
        await notify(tx, member.id, 'membership-reminder', message);
        await enqueueMail(tx, membershipMail.membershipReminder(ctx.mailer.brand, member.email, member.fullName, message));
        return true;
      });
      if (recorded) sent++;
    }
  }
  if (sent > 0) ctx.mailer.nudge();
  return sent;
}

function reminderText(kind: ReminderKind, paidUntil: string): string {
  const until = displayDate(paidUntil);
  if (kind === 'after-3') {
    return `Your membership ended on ${until}. Renew by ${displayDate(shiftDate(paidUntil, GRACE_DAYS))} to keep the member forms open.`;
  }
  return `Your membership is paid until ${until}. Renew on the fees page to keep it going.`;
}
