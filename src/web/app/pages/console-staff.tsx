import { StaffPage } from '../../features/admin/components/staff-page';
import { WelcomeTextSetting } from '../../features/profile/components/welcome-text-setting';

/** /admin/staff: the staff and the console's settings, with the members' dashboard welcome (profile) among them. */
export function ConsoleStaff() {
  return <StaffPage settings={<WelcomeTextSetting />} />;
}
