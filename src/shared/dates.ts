import { addDays, format, parseISO } from 'date-fns';

// Built once: constructing an Intl formatter costs more than formatting with it.
const lagosDate = new Intl.DateTimeFormat('en-CA', { timeZone: 'Africa/Lagos', year: 'numeric', month: '2-digit', day: '2-digit' });

/** Today's calendar date (YYYY-MM-DD) in Nigeria, whatever the clock zone of the server or phone. */
export function todayInLagos(now = new Date()): string {
  return lagosDate.format(now);
}

/** A calendar date `days` later (or earlier), as YYYY-MM-DD. */
export function shiftDate(day: string, days: number): string {
  return format(addDays(parseISO(day), days), 'yyyy-MM-dd');
}

/** The moment a calendar day (YYYY-MM-DD) begins in Nigeria (WAT, UTC+1, no daylight saving). */
export function startOfLagosDay(day: string): Date {
  return new Date(`${day}T00:00:00+01:00`);
}
