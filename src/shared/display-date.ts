import { format, parseISO } from 'date-fns';
import { todayInLagos } from './dates.js';

/** A calendar date as the portal shows it everywhere: 22 Nov 2026. */
export function displayDate(day: string): string {
  return format(parseISO(day), 'd MMM yyyy');
}

/** The Lagos calendar day of a moment (an ISO timestamp), shown the same way. */
export function displayDayOf(moment: string): string {
  return displayDate(todayInLagos(new Date(moment)));
}
