import { MemberAdvert } from '../../features/ads/components/member-advert';
import { MemberCard } from '../../features/member-card/components/member-card';
import { ProfilePage } from '../../features/profile/components/profile-page';
import { TalentDashboardSection } from '../../features/talent/components/talent-dashboard-section';

export function Dashboard() {
  return <ProfilePage advert={<MemberAdvert />} talent={<TalentDashboardSection />} card={<MemberCard />} />;
}
