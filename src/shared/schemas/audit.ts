import { z } from 'zod';
import { isoDate } from './fields.js';
import { pageNumber } from './forms.js';

export const auditQuerySchema = z.object({
  subjectType: z.string().max(40).optional(),
  subjectId: z.string().max(80).optional(),
  actorId: z.uuid({ error: 'Staff member not found' }).optional(),
  action: z.string().max(60).optional(),
  from: isoDate('From').optional(),
  to: isoDate('To').optional(),
  page: pageNumber(),
});

/** One line of the audit trail: who did what to which record, and when. */
export interface AuditEntryView {
  id: number;
  actorId: string | null;
  actorEmail: string | null;
  action: string;
  subjectType: string;
  subjectId: string;
  details: Record<string, unknown>;
  createdAt: string;
}

export interface AuditPage {
  entries: AuditEntryView[];
  total: number;
  page: number;
  pages: number;
}

export interface AuditFilters {
  actors: { id: string; email: string }[];
  actions: string[];
}
