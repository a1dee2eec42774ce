import { mayUse } from '../../../shared/roles';
import { ReissueCardSection } from '../../features/member-card/components/reissue-card';
import { MemberNotificationsSection } from '../../features/notifications/components/member-notifications';
import { MemberRecognition } from '../../features/profile/components/member-recognition';
import { MemberMoneySection } from '../../features/membership/components/member-money';
import { MemberStandingSection } from '../../features/membership/components/member-standing';
import { MemberDetailPage } from '../../features/members/components/member-detail';
import { useSession } from '../../lib/session';

/** /admin/members/:id: the member's details (members), their membership and money for the roles that handle money (membership), level and achievements, their card, and what they were told. */
export function ConsoleMember() {
  const { user } = useSession();
  const seesMoney = Boolean(user && mayUse(user.role, 'membership'));
  return (
    <MemberDetailPage
      sections={{
        beforeSubmissions: (member) => (
          <>
            {seesMoney && <MemberStandingSection memberId={member.id} />}
            {seesMoney && <MemberMoneySection memberId={member.id} />}
            <MemberRecognition member={member} />
            <ReissueCardSection memberId={member.id} memberNumber={member.memberNumber} />
          </>
        ),
        afterSubmissions: (member) => <MemberNotificationsSection memberId={member.id} />,
      }}
    />
  );
}
