import { addMonths, format, parseISO } from 'date-fns';

/*
 * Training certificates (decision 022, amendment of 2026-11-26): a member earns one for a
 * training series when the dates they attended span at least CERTIFICATE_MONTHS calendar months
 * from the first to the last attended date, and they attended at least CERTIFICATE_SHARE of the
 * dates held (not cancelled) in that span.
 */
export const CERTIFICATE_MONTHS = 6;
export const CERTIFICATE_SHARE = 0.75;

/** The earliest last attended date that completes the span: the first date plus six calendar months (31 August gives 28 or 29 February). */
export function certificateSpanEnd(firstDay: string): string {
  return format(addMonths(parseISO(firstDay), CERTIFICATE_MONTHS), 'yyyy-MM-dd');
}

/** A certificate's number as printed: TC-000012. */
export function formatCertificateNumber(number: number): string {
  return `TC-${String(number).padStart(6, '0')}`;
}

/** The number a printed or typed TC-000012 stands for; null when it is not one. */
export function parseCertificateNumber(text: string): number | null {
  const match = /^TC-?(\d{1,9})$/i.exec(text.trim());
  return match ? Number(match[1]) : null;
}

/** A member's way towards a series' certificate, as their calendar page shows it. */
export interface TrainingProgress {
  /** Dates attended, and the dates held from the first attended to the last. */
  attended: number;
  held: number;
  firstDay: string | null;
  lastDay: string | null;
  /** The last attended date on or after which the span is complete; null before any attendance. */
  spanCompleteOn: string | null;
  eligible: boolean;
}

/** A training the member may enrol in or has, with their progress and certificate. */
export interface MemberTraining {
  seriesId: string;
  title: string;
  place: string;
  startTime: string;
  endTime: string;
  weekdays: number[];
  untilDay: string | null;
  /** Enrolment is open: the series takes those enrolled and has not ended. */
  open: boolean;
  enrolled: boolean;
  progress: TrainingProgress;
  certificate: IssuedCertificate | null;
  /** The public check page of the certificate (its QR code's address), for the member to share. */
  certificateCheckUrl: string | null;
}

/** A certificate as the member, staff and the public check see it. */
export interface IssuedCertificate {
  id: string;
  number: string;
  title: string;
  memberName: string;
  memberNumber: string;
  companyName: string;
  periodFrom: string;
  periodTo: string;
  attended: number;
  held: number;
  issuedAt: string;
}
