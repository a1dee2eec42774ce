/**
 * After a deploy, a tab opened before it asks for the old build's files, which the server no
 * longer has. One reload fetches the new build; the time of that reload is kept in
 * sessionStorage so a file that is missing from the new build too shows the error page instead
 * of reloading forever.
 */
const RELOADED_AT_KEY = 'missing-code-reloaded-at';
const RELOAD_AT_MOST_EVERY_MS = 60_000;
let reloading = false;

/** A failed dynamic import or preload, as each browser words it. */
export function isMissingCode(error: unknown): boolean {
  const message = error instanceof Error ? error.message : String(error);
  return /dynamically imported module|Importing a module script failed|Unable to preload CSS|error loading dynamically imported module/i.test(message);
}

/** Reloads the page for the new build unless it did so in the last minute (or is offline, where a reload cannot help); true when it reloads. */
export function reloadForMissingCode(): boolean {
  if (reloading) return true;
  if (!navigator.onLine) return false;
  try {
    if (Date.now() - Number(sessionStorage.getItem(RELOADED_AT_KEY) ?? 0) < RELOAD_AT_MOST_EVERY_MS) return false;
    sessionStorage.setItem(RELOADED_AT_KEY, String(Date.now()));
  } catch {
    // Without sessionStorage a reload could not be counted: show the error page instead.
    return false;
  }
  reloading = true;
  window.location.reload();
  return true;
}
