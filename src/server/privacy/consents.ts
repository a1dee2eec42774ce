import { and, asc, eq, inArray, isNotNull, isNull, type SQL } from 'drizzle-orm';
import { todayInLagos } from '../../shared/dates.js';
import { isChildOn } from '../../shared/ages.js';
import { CONSENT_TEXTS, type ConsentKind, type ConsentsView, MARKETING_FROM_18 } from '../../shared/privacy.js';
import type { AuthUser } from '../auth/sessions.js';
import type { AppContext } from '../context.js';
import type { Executor } from '../db/client.js';
import { consents, users } from '../db/schema.js';
import { forbidden } from '../http/errors.js';
import { enqueueMail, type MailMessage } from '../mail/outbox.js';
import { adultByBirth } from './adults.js';

/** Records one consent given or withdrawn, with the version of the words it was given on. */
export async function recordConsent(db: Executor, userId: string, kind: ConsentKind, given: boolean, givenBy: string): Promise<void> {
  await db.insert(consents).values({ userId, kind, given, textVersion: CONSENT_TEXTS[kind].version, givenBy });
}

export async function consentsOf(db: Executor, userId: string): Promise<ConsentsView> {
  const [[user], history] = await Promise.all([
    db.select({ marketingConsentAt: users.marketingConsentAt }).from(users).where(eq(users.id, userId)),
    db.select().from(consents).where(eq(consents.userId, userId)).orderBy(asc(consents.createdAt), asc(consents.id)),
  ]);
  return {
    marketing: Boolean(user?.marketingConsentAt),
    history: history.map((row) => ({ kind: row.kind, given: row.given, textVersion: row.textVersion, givenBy: row.givenBy, at: row.createdAt.toISOString() })),
  };
}

/**
 * Gives or withdraws marketing consent: `users.marketing_consent_at` is the state marketing
 * reads, the `consents` row the history. Sending the same answer twice records nothing new.
 */
export async function setMarketingConsent(ctx: AppContext, user: AuthUser, given: boolean): Promise<ConsentsView> {
  if (given && user.dob !== null && isChildOn(user.dob, todayInLagos(ctx.clock()))) throw forbidden(MARKETING_FROM_18);
  await ctx.db.transaction(async (tx) => {
    const changed = await tx
      .update(users)
      .set({ marketingConsentAt: given ? new Date() : null })
      .where(and(eq(users.id, user.id), given ? isNull(users.marketingConsentAt) : isNotNull(users.marketingConsentAt)))
      .returning({ id: users.id });
    if (changed.length > 0) await recordConsent(tx, user.id, 'marketing', given, 'member');
  });
  return consentsOf(ctx.db, user.id);
}

export interface MarketingRecipient {
  id: string;
  email: string;
  fullName: string;
}

/**
 * The one rule for who may get marketing mail (announcements marked promotional included): members
 * who agreed and have not withdrawn, never staff, never a disabled account, never a member under 18
 * by date of birth (a child's own tick is not consent under the NDPA, s.31).
 */
export function mayReceiveMarketing(today: string): SQL {
  return and(eq(users.role, 'member'), isNotNull(users.marketingConsentAt), isNull(users.disabledAt), adultByBirth(today))!;
}

/** The members marketing mail goes to on `today` in Lagos (`mayReceiveMarketing`); `among`: limit to these members. */
export async function marketingRecipients(db: Executor, today: string, among?: string[]): Promise<MarketingRecipient[]> {
  if (among?.length === 0) return [];
  return db
    .select({ id: users.id, email: users.email, fullName: users.fullName })
    .from(users)
    .where(and(mayReceiveMarketing(today), among ? inArray(users.id, among) : undefined))
    .orderBy(asc(users.createdAt));
}

/** Queues one marketing mail per consenting member (see marketingRecipients); returns how many. */
export async function sendMarketingMail(ctx: AppContext, compose: (recipient: MarketingRecipient) => MailMessage, among?: string[]): Promise<number> {
  const recipients = await marketingRecipients(ctx.db, todayInLagos(ctx.clock()), among);
  await ctx.db.transaction(async (tx) => {
    for (const recipient of recipients) await enqueueMail(tx, compose(recipient));
  });
  ctx.mailer.nudge();
  return recipients.length;
}
