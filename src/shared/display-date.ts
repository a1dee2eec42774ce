import { format, parseISO } from 'date-fns';

/** A calendar date as the portal shows it everywhere: 22 Nov 2026. */
export function displayDate(day: string): string {
  return format(parseISO(day), 'd MMM yyyy');
}
