import { format } from 'date-fns/format';
import { parseISO } from 'date-fns/parseISO';
import { todayInLagos } from './dates.js';

/** A calendar date (or the day of a moment) as the portal shows it everywhere: 22 Nov 2026. */
export function displayDate(day: string): string {
  return format(parseISO(day), 'd MMM yyyy');
}

/** The Lagos calendar day of a moment (an ISO timestamp), shown the same way. */
export function displayDayOf(moment: string): string {
  return displayDate(todayInLagos(new Date(moment)));
}

/** A moment with its time of day, in the same format: 22 Nov 2026, 14:05. */
export function displayDateTime(instant: string): string {
  return format(parseISO(instant), 'd MMM yyyy, HH:mm');
}
