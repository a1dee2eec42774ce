import { addDays } from 'date-fns/addDays';
import { format } from 'date-fns/format';
import { parseISO } from 'date-fns/parseISO';
import { keepingLastAnswer } from './last-answer.js';

// Built once, on first use: constructing an Intl formatter with a time zone costs more than
// formatting with it (about 30 ms on a slow phone, which a page importing this file should not pay
// before it is used).
let lagosDate: Intl.DateTimeFormat | undefined;
// Time zones are offset by whole minutes, so the day cannot change within a minute: the server asks
// on every signed-in request, and formatting in a time zone is one of the costlier things it does.
const lagosDayOfMinute = keepingLastAnswer((minute: number) => {
  lagosDate ??= new Intl.DateTimeFormat('en-CA', { timeZone: 'Africa/Lagos', year: 'numeric', month: '2-digit', day: '2-digit' });
  return lagosDate.format(minute * 60_000);
});

/** Today's calendar date (YYYY-MM-DD) in Nigeria, whatever the clock zone of the server or phone. */
export function todayInLagos(now = new Date()): string {
  return lagosDayOfMinute(Math.floor(now.getTime() / 60_000));
}

/** A calendar date `days` later (or earlier), as YYYY-MM-DD. */
export function shiftDate(day: string, days: number): string {
  return format(addDays(parseISO(day), days), 'yyyy-MM-dd');
}

/** The moment a calendar day (YYYY-MM-DD) begins in Nigeria (WAT, UTC+1, no daylight saving). */
export function startOfLagosDay(day: string): Date {
  return new Date(`${day}T00:00:00+01:00`);
}
