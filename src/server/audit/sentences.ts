import { formatNaira } from '../../shared/money.js';

/** What a sentence needs about one entry: its details, and the names its ids stand for. */
export interface Told {
  details: Record<string, unknown>;
  /** The record the entry is about, in words: a person's name and number, a film's title, or "an advert". */
  subject: string;
  /** The name of the person a `userId` (or `memberId`) in the details stands for; "a member" when unknown. */
  member: string;
  /** True when the staff member or member acted on their own account. */
  self: boolean;
}

interface Sentence {
  /** For the page's filter: what the action is, in a few words. */
  label: string;
  /** What the actor did, after their name: "invited ada@example.com as moderator". */
  say: (told: Told) => string;
}

const text = (value: unknown): string => (value === null || value === undefined ? '' : String(value));
const quoted = (value: unknown): string => (value ? `“${text(value)}”` : '');
const because = (value: unknown): string => (value ? ` (${text(value)})` : '');
const naira = (kobo: unknown): string => (typeof kobo === 'number' ? formatNaira(kobo) : '');
const plural = (n: unknown, one: string, many = `${one}s`): string => `${text(n)} ${Number(n) === 1 ? one : many}`;
const whom = (told: Told): string => (told.self ? 'their own account' : told.subject);
const fine = ({ details, member }: Told): string => `the ${text(details.type)} fine of ${member} on ${text(details.day)}`;
/** What changed a date's register after its fines were proposed (attendance-fines.ts `RegisterChange`); entries before 2026-11-28 were all scans. */
const registerChange = ({ details }: Told): string =>
  details.after === 'hand' ? 'attendance was entered by hand' : details.after === 'removal' ? 'an attendance was removed' : 'a scan arrived late';
const FILE_WORDS: Record<string, string> = { 'profile-pic': 'profile picture' };
/** "payment slip", "profile picture", "file sent with the artist membership form" (a form's uploads are form:<kind>). */
function fileWords(purpose: unknown): string {
  const words = text(purpose);
  if (words.startsWith('form:')) return `file sent with the ${words.slice(5).replace(/-/g, ' ')} form`;
  return FILE_WORDS[words] ?? (words.replace(/-/g, ' ') || 'file');
}

/**
 * Every action the portal writes to the audit log, as a sentence: who did what to whom. A test
 * (sentences.test.ts) reads the server's code for every action it records and fails for one
 * missing here.
 */
export const AUDIT_SENTENCES: Record<string, Sentence> = {
  '2fa.enable': { label: 'Two-factor sign-in turned on', say: (t) => `turned on two-factor sign-in for ${whom(t)}` },
  '2fa.disable': { label: 'Two-factor sign-in turned off', say: (t) => `turned off two-factor sign-in for ${whom(t)}` },
  '2fa.recovery-code-used': { label: 'Recovery code used', say: (t) => `signed in to ${whom(t)} with a recovery code` },
  'account.terminated': { label: 'Account terminated', say: (t) => `terminated ${whom(t)}` },
  'ad.approved': { label: 'Advert approved', say: () => 'approved an advert' },
  'ad.rejected': { label: 'Advert rejected', say: (t) => `rejected an advert${because(t.details.reason)}` },
  'ad.ended': { label: 'Advert ended', say: () => 'ended an advert early' },
  'ad.rescheduled': { label: 'Advert rescheduled', say: () => 'changed the dates of an advert' },
  'announcement.send': {
    label: 'Announcement sent',
    say: (t) => `sent the announcement ${quoted(t.details.title)} to ${plural(t.details.recipients, 'member')}`,
  },
  'booking.closed': { label: 'Booking request closed', say: (t) => `closed the booking request ${text(t.details.reference)}` },
  'casting.posted': {
    label: 'Casting call posted',
    say: (t) => `posted a casting call for ${quoted(t.details.project)} with ${plural(t.details.roles, 'role')}`,
  },
  'casting.shortlisted': { label: 'Applicant shortlisted', say: () => 'shortlisted an applicant for a casting role' },
  'casting.cast': { label: 'Applicant cast', say: () => 'cast an applicant in a role' },
  'casting.closed': {
    label: 'Casting call closed',
    say: (t) =>
      `closed a casting call: ${plural(t.details.notCast, 'applicant')} not cast${Number(t.details.closedBeforeConsent) > 0 ? `, ${plural(t.details.closedBeforeConsent, 'application')} closed before a guardian agreed` : ''}`,
  },
  'casting.consent.given': { label: 'Guardian agreed to a casting', say: () => 'agreed to a child’s casting application' },
  'casting.consent.refused': { label: 'Guardian refused a casting', say: () => 'refused a child’s casting application' },
  'codes.unlock': {
    label: 'Waits after wrong codes lifted',
    say: (t) =>
      `lifted the waits on the passwords and codes of ${whom(t)}${t.details.wrongTries ? ` after ${plural(t.details.wrongTries, 'wrong try', 'wrong tries')}` : ''}`,
  },
  'contact.handled': { label: 'Message handled', say: () => 'marked a contact message handled' },
  'contact.reply': { label: 'Message answered', say: () => 'replied to a contact message' },
  'email.changed': {
    label: 'Email changed',
    say: (t) => `changed the email address of ${whom(t)}${t.details.from ? ` (it was ${text(t.details.from)})` : ''}`,
  },
  'event.created': { label: 'Event added', say: (t) => `added the event ${quoted(t.details.title)} on ${text(t.details.day)}` },
  'event.updated': { label: 'Event changed', say: (t) => `changed the event ${quoted(t.details.title)} on ${text(t.details.day)}` },
  'event.deleted': { label: 'Event deleted', say: (t) => `deleted the event ${quoted(t.details.title)} on ${text(t.details.day)}` },
  'file.view': {
    label: 'Private file opened',
    say: (t) => `opened the ${fileWords(t.details.purpose)} of ${t.member}${t.details.reason ? ` (reason: ${text(t.details.reason)})` : ''}`,
  },
  'gallery.added': { label: 'Gallery picture added', say: (t) => `added ${quoted(t.details.caption)} to the gallery` },
  'gallery.deleted': { label: 'Gallery picture removed', say: (t) => `removed ${quoted(t.details.caption)} from the gallery` },
  'gallery.starter': { label: 'Starter gallery added', say: (t) => `put the ${text(t.details.count)} starter pictures in the gallery` },
  'guardian.confirmed': { label: 'Guardian confirmed a child', say: (t) => `confirmed the account of ${t.subject}` },
  'member.achievement.award': { label: 'Achievement awarded', say: (t) => `awarded ${t.subject} the achievement ${quoted(t.details.title)}` },
  'member.achievement.remove': { label: 'Achievement removed', say: (t) => `removed the achievement ${quoted(t.details.title)} from ${t.subject}` },
  'member.card-reissued': { label: 'Membership card replaced', say: (t) => `replaced the membership card of ${t.subject}${because(t.details.reason)}` },
  'member.activation-code.resent': { label: 'Activation code sent again', say: (t) => `sent ${t.subject} a new activation code` },
  'member.fined': { label: 'Member fined', say: (t) => `fined ${t.subject} ${naira(t.details.amountKobo)}${because(t.details.reason)}` },
  'member.level': { label: 'Level changed', say: (t) => `moved ${t.subject} from level ${text(t.details.from)} to level ${text(t.details.to)}` },
  'membership.adjusted': {
    label: 'Paid-until date changed',
    say: (t) => `changed the paid-until date of ${t.subject} from ${text(t.details.from) || 'none'} to ${text(t.details.to)}${because(t.details.reason)}`,
  },
  'membership.suspended': { label: 'Member suspended', say: (t) => `suspended ${t.subject}${because(t.details.reason)}` },
  'membership.reinstated': { label: 'Member reinstated', say: (t) => `reinstated ${t.subject}${because(t.details.reason)}` },
  'members.export': { label: 'Members list downloaded', say: () => 'downloaded the members list' },
  'password.reset': { label: 'Password reset', say: (t) => `reset the password of ${whom(t)}` },
  'payment.approved': { label: 'Payment approved', say: (t) => `approved the payment of ${naira(t.details.amountKobo)} from ${t.member}` },
  'payment.rejected': { label: 'Payment rejected', say: (t) => `rejected the payment from ${t.member}${because(t.details.reason)}` },
  'payment.reversed': { label: 'Payment reversed', say: (t) => `reversed the payment from ${t.member}${because(t.details.reason)}` },
  'payment.refunded': { label: 'Payment refunded', say: (t) => `refunded the payment from ${t.member}${because(t.details.reason)}` },
  'payment.refund-status': {
    label: 'Refund status from Paystack',
    say: (t) => `recorded Paystack's word that the refund of ${naira(t.details.amountKobo)} to ${t.member} is ${text(t.details.status)}`,
  },
  'payment.refund-retried': {
    label: 'Refund asked again',
    say: (t) => `asked Paystack again to refund the payment from ${t.member}${because(t.details.reason)}`,
  },
  'payment.expired': { label: 'Online payment set aside', say: (t) => `set aside the unfinished online payment of ${t.member}` },
  'payment.online-mismatch': {
    label: 'Online payment flagged',
    say: (t) => `flagged the online payment ${text(t.details.reference)} for finance${because(t.details.issue)}`,
  },
  'payments.export': { label: 'Payments downloaded', say: () => 'downloaded the payments list' },
  'plan.update': { label: 'Plan changed', say: (t) => `changed the plan ${t.subject}` },
  'premiere.created': { label: 'Premiere added', say: (t) => `added the premiere ${quoted(t.details.title)}` },
  'premiere.updated': { label: 'Premiere changed', say: (t) => `changed the premiere ${t.subject}` },
  'premiere.retired': { label: 'Premiere retired', say: (t) => `retired the premiere ${t.subject}` },
  'privacy.export': {
    label: 'Data downloaded by its member',
    say: (t) => `downloaded ${t.self ? 'their own data' : `the data of ${t.subject}`} (${plural(t.details.files, 'file')})`,
  },
  'reconciliation.export': {
    label: 'Reconciliation downloaded',
    say: (t) => `downloaded the reconciliation from ${text(t.details.from)} to ${text(t.details.to)}`,
  },
  'schedule.created': { label: 'Series added', say: (t) => `added the series ${quoted(t.details.title)}` },
  'schedule.updated': { label: 'Series changed', say: (t) => `changed the series ${quoted(t.details.title)}` },
  'schedule.deleted': { label: 'Series deleted', say: (t) => `deleted the series ${quoted(t.details.title)}` },
  'schedule.cancel': {
    label: 'Session cancelled',
    say: (t) => `cancelled the session on ${text(t.details.day)}${because(t.details.note)} and told ${plural(t.details.told, 'member')}`,
  },
  'schedule.move': { label: 'Session moved', say: (t) => `moved the session on ${text(t.details.day)} and told ${plural(t.details.told, 'member')}` },
  'schedule.enrolled': { label: 'Enrolled in training', say: (t) => `enrolled ${t.subject} in ${quoted(t.details.title)}` },
  'schedule.unenrolled': { label: 'Taken off a training', say: (t) => `took ${t.subject} off ${quoted(t.details.title)}` },
  'schedule.certificate-issued': {
    label: 'Certificate issued',
    say: (t) =>
      `issued certificate ${text(t.details.number)} to ${t.subject}${t.details.byHand ? `, ${plural(t.details.byHand, 'date')} of it entered by hand` : ''}`,
  },
  'schedule.fines-proposed': {
    label: 'Attendance fines proposed',
    say: (t) => `proposed ${plural(t.details.added, 'attendance fine')} for ${text(t.details.day)}`,
  },
  'schedule.fine-proposed-after-scan': {
    label: 'Attendance fine proposed after the register changed',
    say: (t) => `proposed ${fine(t)} after ${registerChange(t)}`,
  },
  'schedule.fine-revised': { label: 'Attendance fine reworded', say: (t) => `reworded ${fine(t)} after ${registerChange(t)}` },
  'schedule.fine-withdrawn': { label: 'Attendance fine withdrawn', say: (t) => `withdrew ${fine(t)} after ${registerChange(t)}` },
  'schedule.fine-flagged': { label: 'Confirmed fine flagged', say: (t) => `flagged ${fine(t)} for finance: after it was confirmed, ${registerChange(t)}` },
  'schedule.attendance-by-hand': {
    label: 'Attendance entered by hand',
    say: (t) => `recorded ${t.subject} present by hand at ${quoted(t.details.title)} on ${text(t.details.day)}${because(t.details.reason)}`,
  },
  'schedule.attendance-removed': {
    label: 'Attendance removed',
    say: (t) => `took ${t.subject} off the register of ${quoted(t.details.title)} on ${text(t.details.day)}${because(t.details.reason)}`,
  },
  'schedule.fine-kept': { label: 'Flagged fine kept', say: (t) => `kept ${fine(t)}: the charge stands${because(t.details.note)}` },
  'schedule.fines-dismissed': {
    label: 'Attendance fines dismissed',
    say: (t) => `dismissed ${plural(Array.isArray(t.details.ids) ? t.details.ids.length : 1, 'proposed attendance fine')}${because(t.details.note)}`,
  },
  'settings.update': { label: 'Settings changed', say: (t) => `changed the ${t.subject}` },
  'settings.welcome': { label: 'Welcome text changed', say: () => 'changed the dashboard’s welcome text' },
  'staff.invite': { label: 'Staff invited', say: (t) => `invited ${text(t.details.email)} as ${text(t.details.role)}` },
  'staff.role': { label: 'Staff role changed', say: (t) => `changed the role of ${t.subject} from ${text(t.details.from)} to ${text(t.details.to)}` },
  'staff.disable': { label: 'Staff account disabled', say: (t) => `disabled the staff account of ${t.subject}` },
  'staff.enable': { label: 'Staff account enabled', say: (t) => `enabled the staff account of ${t.subject}` },
  'submission.handled': { label: 'Form handled', say: (t) => `marked the ${text(t.details.form).replace(/-/g, ' ')} form of ${t.member} handled` },
  'submissions.export': { label: 'Form submissions downloaded', say: () => 'downloaded the form submissions' },
  'talent.hidden': { label: 'Talent profile hidden', say: (t) => `hid a talent profile from the directory${because(t.details.reason)}` },
  'talent.unhidden': { label: 'Talent profile shown again', say: () => 'put a talent profile back in the directory' },
};

/** The action's label for the page's filter; an action the list does not know is shown as written. */
export const actionLabel = (action: string): string => AUDIT_SENTENCES[action]?.label ?? action;

/** "Ada Obi (moderator) invited kemi@example.com as finance." */
export function auditSentence(actor: string, action: string, told: Told): string {
  const sentence = AUDIT_SENTENCES[action];
  const did = sentence ? sentence.say(told) : `did ${action} to ${told.subject}`;
  return `${actor} ${did.replace(/\s+/g, ' ').trim()}.`;
}
