import { addMonths } from 'date-fns/addMonths';
import { differenceInCalendarDays } from 'date-fns/differenceInCalendarDays';
import { format } from 'date-fns/format';
import { parseISO } from 'date-fns/parseISO';
import { displayDate } from './display-date.js';

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

/**
 * The dates still to attend, one after another from now, for the share of dates attended to reach
 * CERTIFICATE_SHARE: each adds one to both the attended and the held (0 when it is reached).
 */
export function datesToReachShare(attended: number, held: number): number {
  const short = (CERTIFICATE_SHARE * held - attended) / (1 - CERTIFICATE_SHARE);
  return Math.max(0, Math.ceil(short - 1e-9));
}

const plural = (count: number, noun: string) => `${count} ${noun}${count === 1 ? '' : 's'}`;

/** How far a member is from a series' certificate, in their words: what the calendar page shows under each training. */
export function certificateDistance(progress: TrainingProgress, today: string): string {
  if (!progress.firstDay || !progress.lastDay || !progress.spanCompleteOn)
    return `Your first attended date starts the ${CERTIFICATE_MONTHS} months; none is on the register yet.`;
  const so = `You attended ${progress.attended} of the ${progress.held} dates held since ${displayDate(progress.firstDay)}.`;
  if (progress.eligible) return `${so} You have earned the certificate.`;
  const spanDone = progress.lastDay >= progress.spanCompleteOn;
  const moreDates = datesToReachShare(progress.attended, progress.held);
  const share = `${Math.round(CERTIFICATE_SHARE * 100)}%`;
  const shareStep = moreDates > 0 ? `attend the next ${plural(moreDates, 'date')} held to reach ${share} of them` : '';
  if (spanDone) return `${so} ${CERTIFICATE_MONTHS} months are reached: ${shareStep}.`;
  const daysLeft = differenceInCalendarDays(parseISO(progress.spanCompleteOn), parseISO(today));
  const spanStep = `be at a date on or after ${displayDate(progress.spanCompleteOn)}${daysLeft > 0 ? ` (${plural(daysLeft, 'day')} from today)` : ''}`;
  return `${so} To earn the certificate: ${spanStep}${shareStep ? `, and ${shareStep}` : `, keeping at least ${share} of the dates held`}.`;
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
