import { displayDate } from '../../../../shared/display-date';

/** A calendar date (YYYY-MM-DD, Lagos time on the server) in the portal's one format, or a dash when there is none. */
export function formatDay(day: string | null): string {
  return day ? displayDate(day) : '—';
}
