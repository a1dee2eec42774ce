import { format } from 'date-fns/format';
import { parseISO } from 'date-fns/parseISO';

/** "2026-03" -> "March 2026"; `short` gives "Mar 26" for chart labels. */
export function monthName(month: string, short = false): string {
  return format(parseISO(`${month}-01`), short ? 'MMM yy' : 'MMMM yyyy');
}
