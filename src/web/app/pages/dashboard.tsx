import { CastingsDashboardSection } from '../../features/castings/components/castings-dashboard-section';
import { MemberAdvert } from '../../features/ads/components/member-advert';
import { MemberCard } from '../../features/member-card/components/member-card';
import { FormSentNotice, MySubmissions } from '../../features/forms/components/my-submissions';
import { NextStep } from '../../features/membership/components/next-step';
import { ProfilePage } from '../../features/profile/components/profile-page';
import { TalentDashboardSection } from '../../features/talent/components/talent-dashboard-section';

/** The member dashboard: each feature's section is one line here, in the order the member sees them. */
export function Dashboard() {
  return (
    <ProfilePage
      nextStep={
        <>
          <FormSentNotice />
          <NextStep />
        </>
      }
      sections={[
        { id: 'card', label: 'Membership card', element: <MemberCard /> },
        { id: 'submissions', label: 'Your submissions', element: <MySubmissions /> },
        { id: 'advert', label: 'Advert', element: <MemberAdvert />, activatedOnly: true },
        { id: 'talent', label: 'Talent profile', element: <TalentDashboardSection /> },
        { id: 'castings', label: 'Castings', element: <CastingsDashboardSection />, activatedOnly: true },
      ]}
    />
  );
}
