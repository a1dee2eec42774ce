import { RETURN_PARAM } from '../../shared/public-pages';

/**
 * The page a visitor was going to when a guard sent them to sign in. It travels in the address
 * (`/login?next=/user/fees%3Fplan%3Dstandard`), so it survives a reload and the detour through
 * sign-up or a forgotten password.
 */
export { RETURN_PARAM };

// Any origin will do: only whether a path stays on it matters.
const SAME_SITE = 'https://portal.invalid';

/**
 * The return target when it is a path on this site, else undefined. Beyond "one leading slash",
 * the browser's own URL parser decides: it reads `/\evil.com` and `/<tab>/evil.com` as another
 * host, which a string check alone would let through.
 */
export function safeReturnPath(raw: string | null | undefined): string | undefined {
  if (!raw?.startsWith('/') || raw.startsWith('//')) return undefined;
  let url: URL;
  try {
    url = new URL(raw, SAME_SITE);
  } catch {
    return undefined;
  }
  if (url.origin !== SAME_SITE) return undefined;
  return `${url.pathname}${url.search}${url.hash}`;
}

/** `path` with the return target in its query, when there is one. */
export function withReturnTo(path: string, target: string | undefined): string {
  return target ? `${path}?${new URLSearchParams({ [RETURN_PARAM]: target }).toString()}` : path;
}
