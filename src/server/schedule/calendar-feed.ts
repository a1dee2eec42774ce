import { createHmac, timingSafeEqual } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import ical, { ICalCalendarMethod, ICalEventStatus } from 'ical-generator';
import { shiftDate, todayInLagos } from '../../shared/dates.js';
import type { SessionDate } from '../../shared/schedule.js';
import type { AppContext } from '../context.js';
import { calendarFeeds, users } from '../db/schema.js';
import { notFound } from '../http/errors.js';
import { isUuid } from '../http/parse.js';
import { memberCalendar } from './schedule-service.js';

/** What the feed holds: the last 90 days and the next year. */
const FEED_PAST_DAYS = 90;
const FEED_AHEAD_DAYS = 366;

function feedSignature(secret: string, userId: string, version: number): string {
  return createHmac('sha256', secret).update(`calendar-feed:${userId}:${version}`).digest('base64url').slice(0, 32);
}

async function feedVersion(ctx: AppContext, userId: string): Promise<number> {
  const [row] = await ctx.db.select().from(calendarFeeds).where(eq(calendarFeeds.userId, userId));
  return row?.version ?? 1;
}

/** The member's private feed path: it names them and carries an HMAC of their feed's version. */
export async function feedPath(ctx: AppContext, userId: string): Promise<string> {
  return `/api/calendar/${userId}.${feedSignature(ctx.config.sessionSecret, userId, await feedVersion(ctx, userId))}.ics`;
}

/** A new address for a feed that leaked: the old one stops answering at once. */
export async function renewFeed(ctx: AppContext, userId: string): Promise<string> {
  await ctx.db
    .insert(calendarFeeds)
    .values({ userId, version: 2 })
    .onConflictDoUpdate({ target: calendarFeeds.userId, set: { version: sql`${calendarFeeds.version} + 1` } });
  return feedPath(ctx, userId);
}

/** The member a feed token names, or 404 alike for a wrong, old or malformed one. */
async function feedOwner(ctx: AppContext, token: string): Promise<string> {
  const match = /^([0-9a-f-]{36})\.([A-Za-z0-9_-]{32})\.ics$/.exec(token);
  if (!match || !isUuid(match[1]!)) throw notFound('This calendar address is not valid any more.');
  const userId = match[1]!;
  const expected = Buffer.from(feedSignature(ctx.config.sessionSecret, userId, await feedVersion(ctx, userId)));
  const given = Buffer.from(match[2]!);
  const [user] = await ctx.db.select({ id: users.id }).from(users).where(eq(users.id, userId));
  if (!user || given.length !== expected.length || !timingSafeEqual(given, expected)) throw notFound('This calendar address is not valid any more.');
  return userId;
}

/** Event UIDs' right-hand side without PUBLIC_URL: fixed, as the company's name may be changed in the settings. */
const UNNAMED_DOMAIN = 'calendar.portal.invalid';

/**
 * The right-hand side of every event's UID: the portal's public host. Never the request's Host
 * (a feed fetched by another name would change every UID, and a calendar app would show each date
 * twice), nor the company's name, which staff may change.
 */
export function eventDomain(publicUrl: string | undefined): string {
  return publicUrl ? new URL(publicUrl).hostname : UNNAMED_DOMAIN;
}

/**
 * The RFC 5545 calendar of these dates (ical-generator escapes and folds the lines). A date's UID
 * is its series and the day the series gives, so it stays the same once moved or cancelled, and
 * its SEQUENCE is its revision, raised by each change.
 */
export function calendarText(dates: SessionDate[], companyName: string, domain: string, now: Date): string {
  const calendar = ical({
    name: companyName,
    prodId: { company: companyName, product: 'Portal', language: 'EN' },
    method: ICalCalendarMethod.PUBLISH,
    ttl: 3600,
  });
  for (const date of dates) {
    calendar.createEvent({
      id: `${date.seriesId}-${date.day}@${domain}`,
      sequence: date.revision,
      stamp: now,
      start: new Date(date.startsAt),
      end: new Date(date.endsAt),
      summary: date.cancelled ? `Cancelled: ${date.title}` : date.title,
      location: date.place,
      description: date.note,
      status: date.cancelled ? ICalEventStatus.CANCELLED : ICalEventStatus.CONFIRMED,
    });
  }
  // Every content line ends with CRLF (RFC 5545 3.1), the last one too; ical-generator leaves it off.
  return `${calendar.toString()}\r\n`;
}

/** The feed a calendar app fetches: the member's dates, with cancelled ones marked so apps remove them. */
export async function calendarFeed(ctx: AppContext, token: string): Promise<string> {
  const userId = await feedOwner(ctx, token);
  const today = todayInLagos(ctx.clock());
  const dates = await memberCalendar(ctx, userId, shiftDate(today, -FEED_PAST_DAYS), shiftDate(today, FEED_AHEAD_DAYS));
  return calendarText(dates, ctx.mailer.brand.companyName, eventDomain(ctx.config.publicUrl), ctx.clock());
}
