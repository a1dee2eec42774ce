import { ApiError } from '../../../lib/api';
import type { DoorScan } from './schedule';
import { sendScan } from './schedule';

/**
 * Scans made while the door's phone has no connection: kept in the phone's storage and sent,
 * oldest first, when it returns. Each keeps its id (the Idempotency-Key and the server's scan id),
 * so a scan whose answer was lost and is sent again is recorded once.
 */
const STORAGE_KEY = 'door-scans';

export function queuedScans(): DoorScan[] {
  try {
    return JSON.parse(localStorage.getItem(STORAGE_KEY) ?? '[]') as DoorScan[];
  } catch {
    return [];
  }
}

function keep(scans: DoorScan[]): void {
  localStorage.setItem(STORAGE_KEY, JSON.stringify(scans));
}

export function queueScan(scan: DoorScan): void {
  keep([...queuedScans().filter((s) => s.scanId !== scan.scanId), scan]);
}

let flushing: Promise<number> | null = null;

/** Sends the queued scans; a scan refused for good (an unknown card) is dropped, one that still cannot be sent stays. Returns how many were sent. */
export function flushQueue(): Promise<number> {
  flushing ??= (async () => {
    let sent = 0;
    try {
      for (const scan of queuedScans()) {
        try {
          await sendScan(scan);
          sent += 1;
        } catch (error) {
          if (error instanceof ApiError && error.transient) break;
        }
        keep(queuedScans().filter((s) => s.scanId !== scan.scanId));
      }
    } finally {
      flushing = null;
    }
    return sent;
  })();
  return flushing;
}
