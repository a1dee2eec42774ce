import type { Recurrence } from '../../shared/schedule.js';

/*
 * The dates a series gives. No recurrence library (rrule) is installed, so this is the smallest
 * expansion of the three rules the company's terms use: weekly on given weekdays, monthly on the
 * nth (or last) weekday, yearly on the first date's month and day. Dates are calendar dates
 * (YYYY-MM-DD) in Lagos; Lagos has no daylight saving, so a date and a time of day are one instant.
 */

const DAY_MS = 86_400_000;

function toUtc(day: string): Date {
  return new Date(`${day}T00:00:00Z`);
}

function dayOf(date: Date): string {
  return date.toISOString().slice(0, 10);
}

/** The nth (1-4) or last (-1) given weekday of a month, or null when the month has no such date (a 5th). */
export function nthWeekdayOfMonth(year: number, month: number, weekday: number, nth: number): string | null {
  if (nth === -1) {
    const last = new Date(Date.UTC(year, month + 1, 0));
    last.setUTCDate(last.getUTCDate() - ((last.getUTCDay() - weekday + 7) % 7));
    return dayOf(last);
  }
  const first = new Date(Date.UTC(year, month, 1));
  const date = 1 + ((weekday - first.getUTCDay() + 7) % 7) + (nth - 1) * 7;
  const candidate = new Date(Date.UTC(year, month, date));
  return candidate.getUTCMonth() === month ? dayOf(candidate) : null;
}

/** The series' dates from `from` to `to` (both included), in order. */
export function expandDates(rule: Recurrence, from: string, to: string): string[] {
  const start = rule.firstDay > from ? rule.firstDay : from;
  const end = rule.untilDay && rule.untilDay < to ? rule.untilDay : to;
  if (start > end) return [];
  const days: string[] = [];
  const keep = (day: string | null) => {
    if (day && day >= start && day <= end) days.push(day);
  };
  switch (rule.repeat) {
    case 'none':
      keep(rule.firstDay);
      break;
    case 'weekly':
      for (let t = toUtc(start).getTime(); t <= toUtc(end).getTime(); t += DAY_MS) {
        const date = new Date(t);
        if (rule.weekdays.includes(date.getUTCDay())) days.push(dayOf(date));
      }
      break;
    case 'monthly': {
      const weekday = rule.weekdays[0] ?? toUtc(rule.firstDay).getUTCDay();
      const s = toUtc(start);
      const e = toUtc(end);
      for (let y = s.getUTCFullYear(), m = s.getUTCMonth(); y < e.getUTCFullYear() || (y === e.getUTCFullYear() && m <= e.getUTCMonth()); m === 11 ? ((m = 0), (y += 1)) : (m += 1)) {
        keep(nthWeekdayOfMonth(y, m, weekday, rule.nth ?? 1));
      }
      break;
    }
    case 'yearly': {
      const first = toUtc(rule.firstDay);
      for (let y = toUtc(start).getUTCFullYear(); y <= toUtc(end).getUTCFullYear(); y += 1) {
        const date = new Date(Date.UTC(y, first.getUTCMonth(), first.getUTCDate()));
        // 29 February gives no date in other years rather than 1 March.
        if (date.getUTCMonth() === first.getUTCMonth()) keep(dayOf(date));
      }
      break;
    }
  }
  return days;
}

/** The instant a Lagos date and time of day (HH:MM) is: Lagos is UTC+1 all year. */
export function lagosInstant(day: string, time: string): Date {
  return new Date(`${day}T${time}:00+01:00`);
}
