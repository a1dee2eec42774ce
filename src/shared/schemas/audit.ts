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
  /** Who did what to whom, in words: "Ada Obi (moderator) moved Chioma Okafor (HM-000012) from level 1 to level 4." */
  sentence: string;
}

export interface AuditPage {
  entries: AuditEntryView[];
  total: number;
  page: number;
  pages: number;
}

export interface AuditFilters {
  actors: { id: string; email: string }[];
  /** Each action written in the trail, with what it is in words, by its words. */
  actions: { action: string; label: string }[];
}
