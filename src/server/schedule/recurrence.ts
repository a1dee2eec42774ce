import rrule from 'rrule';
import type { Recurrence } from '../../shared/schedule.js';

const { RRule } = rrule;

/*
 * The dates a series gives, by rrule (RFC 5545 recurrence rules): weekly on given weekdays,
 * monthly on the nth (or last) weekday, yearly on the first date's month and day. Dates are
 * calendar dates (YYYY-MM-DD) in Lagos, worked on as midnight UTC so no time zone moves them;
 * Lagos has no daylight saving, so a date and a time of day are one instant (lagosInstant).
 */

/** Our weekdays are 0 (Sunday) to 6, as Date.getDay; rrule's start at Monday. */
const RRULE_DAYS = [RRule.SU, RRule.MO, RRule.TU, RRule.WE, RRule.TH, RRule.FR, RRule.SA] as const;

const toUtc = (day: string) => new Date(`${day}T00:00:00Z`);
const dayOf = (date: Date) => date.toISOString().slice(0, 10);

function ruleOf(rule: Recurrence): InstanceType<typeof RRule> {
  const dtstart = toUtc(rule.firstDay);
  const until = rule.untilDay ? toUtc(rule.untilDay) : null;
  switch (rule.repeat) {
    case 'none':
      return new RRule({ freq: RRule.DAILY, dtstart, count: 1 });
    case 'weekly':
      return new RRule({ freq: RRule.WEEKLY, dtstart, until, byweekday: rule.weekdays.map((d) => RRULE_DAYS[d]!) });
    case 'monthly': {
      const weekday = RRULE_DAYS[rule.weekdays[0] ?? dtstart.getUTCDay()]!;
      return new RRule({ freq: RRule.MONTHLY, dtstart, until, byweekday: [weekday.nth(rule.nth ?? 1)] });
    }
    case 'yearly':
      // RFC 5545: a 29 February gives no date in other years (not 1 March).
      return new RRule({ freq: RRule.YEARLY, dtstart, until, bymonth: dtstart.getUTCMonth() + 1, bymonthday: dtstart.getUTCDate() });
  }
}

/** The series' dates from `from` to `to` (both included), in order. */
export function expandDates(rule: Recurrence, from: string, to: string): string[] {
  if (from > to) return [];
  return ruleOf(rule).between(toUtc(from), toUtc(to), true).map(dayOf);
}

/** The series' first date on or after `from`, or null when it gives none (it ends before). */
export function firstDateFrom(rule: Recurrence, from: string): string | null {
  const next = ruleOf(rule).after(toUtc(from), true);
  return next ? dayOf(next) : null;
}

/** Whether the series gives this date. */
export function givesDate(rule: Recurrence, day: string): boolean {
  return expandDates(rule, day, day).length === 1;
}

/** The instant a Lagos date and time of day (HH:MM) is: Lagos is UTC+1 all year. */
export function lagosInstant(day: string, time: string): Date {
  return new Date(`${day}T${time}:00+01:00`);
}
