import type { FormKind } from '../form-routes.js';
import type { SubmissionState } from '../form-options.js';
import type { Role } from '../roles.js';

/** What the staff console's calls answer: typed once here for the server and the pages. */

export interface MemberSummary {
  id: string;
  fullName: string;
  email: string;
  phone: string;
  role: Role;
  status: boolean;
  createdAt: string;
}

/** One of a member's submissions (the member's own list and the staff member page). */
export interface MemberSubmission {
  id: string;
  form: FormKind;
  formLabel: string;
  state: SubmissionState;
  createdAt: string;
  /** When staff marked it handled; null while it waits. */
  handledAt: string | null;
  files: { field: string; url: string }[];
}

export interface SubmissionSummary {
  id: string;
  form: FormKind;
  formLabel: string;
  state: SubmissionState;
  createdAt: string;
  handledAt: string | null;
  member: { id: string; name: string; email: string; phone: string };
}

export interface SubmissionFileView {
  field: string;
  label: string;
  url: string;
  mimeType: string;
  size: number;
}

export interface SubmissionDetail extends SubmissionSummary {
  data: Record<string, unknown>;
  files: SubmissionFileView[];
  handledBy: { id: string; name: string; email: string } | null;
}

/** A premiere as staff see it: retired ones are `open: false`. */
export interface PremiereView {
  id: string;
  title: string;
  showtimes: string[];
  open: boolean;
  createdAt: string;
}

/** A message the portal gave up sending after its last attempt: staff follow it up by hand. */
export interface DeadMail {
  id: number;
  to: string;
  subject: string;
  attempts: number;
  lastError: string | null;
  deadAt: string;
}
