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

/** What sending the queue did: how many scans were recorded, and why the register refused the others (the door page shows each). */
export interface Flushed {
  sent: number;
  refused: string[];
}

let flushing: Promise<Flushed> | null = null;

/**
 * Sends the queued scans; a scan refused for good (an unknown card, a time outside the register's
 * window) leaves the queue with the server's reason, one that still cannot be sent stays.
 */
export function flushQueue(): Promise<Flushed> {
  flushing ??= (async () => {
    const flushed: Flushed = { sent: 0, refused: [] };
    try {
      for (const scan of queuedScans()) {
        try {
          await sendScan(scan);
          flushed.sent += 1;
        } catch (error) {
          if (error instanceof ApiError && error.transient) break;
          flushed.refused.push(error instanceof Error ? error.message : 'The scan could not be recorded.');
        }
        keep(queuedScans().filter((s) => s.scanId !== scan.scanId));
      }
    } finally {
      flushing = null;
    }
    return flushed;
  })();
  return flushing;
}
