import { z } from 'zod';

/** A line of the member's notifications (GET /api/notifications). */
export interface Notification {
  id: string;
  kind: string;
  message: string;
  createdAt: string;
  /** When the member opened /notifications after it arrived; null while unread. */
  readAt: string | null;
}

/** What the menu counts for a signed-in member (GET /api/notifications/unread). */
export interface UnreadCounts {
  notifications: number;
  /** Booking requests from businesses the talent has not answered yet. */
  bookingRequests: number;
}

/**
 * POST /api/notifications/read: `upTo` is the newest notification the page showed; only it and
 * older ones are marked, so one that arrives after the page loaded stays new.
 */
export const markNotificationsReadSchema = z.object({ upTo: z.uuid({ error: 'Up to must be a notification id' }).optional() }).nullish();
