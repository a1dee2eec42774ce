/** Shows a calendar date (YYYY-MM-DD, Lagos time on the server) as "9 Mar 2025", without time-zone drift. */
export function formatDay(day: string | null): string {
  if (!day) return '—';
  const [year, month, date] = day.split('-').map(Number);
  if (!year || !month || !date) return day;
  return new Intl.DateTimeFormat('en-NG', { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' }).format(Date.UTC(year, month - 1, date));
}
