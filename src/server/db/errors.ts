/** PostgreSQL's unique_violation, whichever driver (pg, PGlite) and wrapper (Drizzle) raised it. */
export function uniqueViolation(error: unknown): string | null {
  let current: unknown = error;
  for (let depth = 0; current && depth < 3; depth++) {
    const e = current as { code?: string; constraint?: string; detail?: string; cause?: unknown };
    if (e.code === '23505') return e.constraint ?? e.detail ?? 'unique';
    current = e.cause;
  }
  return null;
}
