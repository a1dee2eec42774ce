import { and, eq, isNotNull, or } from 'drizzle-orm';
import { todayInLagos } from '../../shared/dates.js';
import { mayUse } from '../../shared/roles.js';
import type { ConsoleHome, ConsoleWaiting } from '../../shared/schemas/reports.js';
import type { AuthUser } from '../auth/sessions.js';
import { countNewContactMessages } from '../contact/contact-service.js';
import type { AppContext } from '../context.js';
import { ads, bookingRequests, payments, submissions } from '../db/schema.js';
import { monthlyFigures } from '../reports/reports-service.js';

type Counted = keyof ConsoleWaiting;

/** What each tab counts as waiting: one indexed count each. */
const WAITING: Record<Counted, (ctx: AppContext) => Promise<number>> = {
  // A slip to check, or online money Paystack took that could not be booked; an online checkout waiting for Paystack's word is not finance's.
  payments: (ctx) => ctx.db.$count(payments, and(eq(payments.state, 'pending'), or(eq(payments.channel, 'slip'), isNotNull(payments.issue)))),
  ads: (ctx) => ctx.db.$count(ads, eq(ads.state, 'pending')),
  submissions: (ctx) => ctx.db.$count(submissions, eq(submissions.state, 'new')),
  talent: (ctx) => ctx.db.$count(bookingRequests, eq(bookingRequests.state, 'new')),
  messages: (ctx) => countNewContactMessages(ctx.db),
};

/** The console home: the work waiting in the parts the staff member's role may use, and this month's figures for those who read reports. */
export async function consoleHome(ctx: AppContext, staff: AuthUser): Promise<ConsoleHome> {
  const counted = (Object.keys(WAITING) as Counted[]).filter((area) => mayUse(staff.role, area));
  const today = todayInLagos(ctx.clock());
  const [counts, month] = await Promise.all([
    Promise.all(counted.map((area) => WAITING[area](ctx))),
    mayUse(staff.role, 'reports') ? monthlyFigures(ctx.db, [today.slice(0, 7)]).then(([figures]) => figures ?? null) : null,
  ]);
  const waiting: ConsoleWaiting = Object.fromEntries(counted.map((area, i) => [area, counts[i]]));
  return { waiting, month };
}
