import type { Config } from '../config.js';

// Every route is answered within REQUEST_TIMEOUT_MS (app.ts), or gets 503. Two kinds of route get
// longer, because the person's connection, not the portal, sets how long they take.

/**
 * A route that receives files: its timeout covers receiving them, which takes minutes on a slow
 * phone connection (UPLOAD_TIMEOUT_MS).
 */
export function uploadRoute(config: Pick<Config, 'timeouts'>): { handlerTimeout: number } {
  return { handlerTimeout: config.timeouts.uploadMs };
}

/**
 * A route that streams a download (a stored file, the data export, a CSV): a streamed answer still
 * being sent when its route's timeout ends is cut off, and on a slow phone a photo or an export
 * takes minutes (DOWNLOAD_TIMEOUT_MS).
 */
export function downloadRoute(config: Pick<Config, 'timeouts'>): { handlerTimeout: number } {
  return { handlerTimeout: config.timeouts.downloadMs };
}
