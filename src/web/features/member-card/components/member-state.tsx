import { shiftDate } from '../../../../shared/dates';
import { displayDate } from '../../../../shared/display-date';
import { GRACE_DAYS } from '../../../../shared/membership';
import type { VerifiedMember } from '../../../../shared/schemas/member-card';

const LABELS: Record<VerifiedMember['state'], string> = { active: 'Active', grace: 'In grace period', lapsed: 'Lapsed' };

/** The state at the door, in words and colour, with the paid-until date. */
export function MemberState({ member }: { member: Pick<VerifiedMember, 'state' | 'paidUntil'> }) {
  const until = member.paidUntil ? displayDate(member.paidUntil) : null;
  const detail =
    member.state === 'grace' && member.paidUntil
      ? `Paid until ${until}; valid until ${displayDate(shiftDate(member.paidUntil, GRACE_DAYS))}`
      : until
        ? `Paid until ${until}`
        : 'Never paid';
  return (
    <p className="member-state">
      <span className={`member-state__badge member-state__badge--${member.state}`}>{LABELS[member.state]}</span>
      <span className="member-state__detail">{detail}</span>
    </p>
  );
}
