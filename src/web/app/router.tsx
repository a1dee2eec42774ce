import type { ComponentType } from 'react';
import { Route, Routes } from 'react-router';
import { FORM_KINDS, FORM_ROUTES, type FormKind } from '../../shared/form-routes';
import { ProtectedRoute } from '../features/auth/components/protected-route';
import { lazyNamed } from '../lib/lazy-named';
import { Layout } from './layout';
import { MembersOnlyRoute } from './members-only-route';

/**
 * A page loaded when it is first shown: a visitor of the landing page downloads the shell and the
 * landing page only. (Declarative routes: the data router's loaders and actions are not used
 * here, and leaving them out keeps about 17 KB gzipped off every first visit.) A page that shows
 * several features is composed in `pages/`, since a feature never imports another.
 */
const LandingPage = lazyNamed(() => import('./pages/landing'), 'Landing');
const ServicesPage = lazyNamed(() => import('../features/site/components/services-page'), 'ServicesPage');
const TermsPage = lazyNamed(() => import('../features/site/components/terms-page'), 'TermsPage');
const AboutPage = lazyNamed(() => import('./pages/about'), 'About');
const PrivacyPolicyPage = lazyNamed(() => import('../features/privacy/components/privacy-policy-page'), 'PrivacyPolicyPage');
const GuardianConfirmPage = lazyNamed(() => import('../features/privacy/components/guardian-confirm-page'), 'GuardianConfirmPage');
const PrivacySettingsPage = lazyNamed(() => import('../features/privacy/components/privacy-settings-page'), 'PrivacySettingsPage');
const NotFoundPage = lazyNamed(() => import('../features/site/components/not-found-page'), 'NotFoundPage');
const ContactPage = lazyNamed(() => import('../features/contact/components/contact-page'), 'ContactPage');
const LoginPage = lazyNamed(() => import('../features/auth/components/login-page'), 'LoginPage');
const TwoFactorLoginPage = lazyNamed(() => import('../features/auth/components/two-factor-login-page'), 'TwoFactorLoginPage');
const SignupPage = lazyNamed(() => import('../features/auth/components/signup-page'), 'SignupPage');
const ForgotPasswordPage = lazyNamed(() => import('../features/auth/components/forgot-password-page'), 'ForgotPasswordPage');
const TalentDirectoryPage = lazyNamed(() => import('../features/talent/components/talent-directory-page'), 'TalentDirectoryPage');
const TalentProfilePage = lazyNamed(() => import('../features/talent/components/talent-profile-page'), 'TalentProfilePage');
const TalentEditorPage = lazyNamed(() => import('../features/talent/components/talent-editor-page'), 'TalentEditorPage');
const ArtistMembershipFormPage = lazyNamed(() => import('../features/forms/components/artist-membership-form-page'), 'ArtistMembershipFormPage');
const ScriptPrintingFormPage = lazyNamed(() => import('../features/forms/components/script-printing-form-page'), 'ScriptPrintingFormPage');
const WelfareFormPage = lazyNamed(() => import('../features/forms/components/welfare-form-page'), 'WelfareFormPage');
const CampingFormPage = lazyNamed(() => import('../features/forms/components/camping-form-page'), 'CampingFormPage');
const MoviePremiereFormPage = lazyNamed(() => import('../features/forms/components/movie-premiere-form-page'), 'MoviePremiereFormPage');
const EventFormPage = lazyNamed(() => import('../features/forms/components/event-form-page'), 'EventFormPage');

/** Each form's page; its path and who may open it are in its shared entry. */
const FORM_PAGES: Record<FormKind, ComponentType> = {
  'artist-membership': ArtistMembershipFormPage,
  'script-printing': ScriptPrintingFormPage,
  welfare: WelfareFormPage,
  camping: CampingFormPage,
  event: EventFormPage,
  'movie-premiere': MoviePremiereFormPage,
};

const CastingsPage = lazyNamed(() => import('../features/castings/components/castings-page'), 'CastingsPage');
const CastingConsentPage = lazyNamed(() => import('../features/castings/components/consent-page'), 'CastingConsentPage');
const CastingsAdminPage = lazyNamed(() => import('../features/castings/components/castings-admin-page'), 'CastingsAdminPage');
const CastingCallFormPage = lazyNamed(() => import('../features/castings/components/casting-call-form'), 'CastingCallFormPage');
const CastingCallDetailPage = lazyNamed(() => import('../features/castings/components/casting-call-detail'), 'CastingCallDetailPage');
const EventsPage = lazyNamed(() => import('../features/events/components/events-page'), 'EventsPage');
const ProfilePage = lazyNamed(() => import('./pages/dashboard'), 'Dashboard');
const EditProfilePage = lazyNamed(() => import('../features/profile/components/edit-profile-page'), 'EditProfilePage');
const FeesPage = lazyNamed(() => import('../features/membership/components/fees-page'), 'FeesPage');
const PaymentsPage = lazyNamed(() => import('../features/membership/components/payments-page'), 'PaymentsPage');
const FinePaymentPage = lazyNamed(() => import('../features/membership/components/fine-payment-page'), 'FinePaymentPage');
const NotificationsPage = lazyNamed(() => import('../features/notifications/components/notifications-page'), 'NotificationsPage');
const StaffRoute = lazyNamed(() => import('../features/admin/components/staff-route'), 'StaffRoute');
const AdminLayout = lazyNamed(() => import('../features/admin/components/admin-layout'), 'AdminLayout');
const AdminHome = lazyNamed(() => import('../features/admin/components/admin-home'), 'AdminHome');
const MessagesPage = lazyNamed(() => import('../features/contact/components/messages-page'), 'MessagesPage');
const MessageDetailPage = lazyNamed(() => import('../features/contact/components/message-detail'), 'MessageDetailPage');
const ReportsPage = lazyNamed(() => import('../features/reports/components/reports-page'), 'ReportsPage');
const PaymentsQueue = lazyNamed(() => import('../features/membership/components/payments-queue'), 'PaymentsQueue');
const ReconciliationPage = lazyNamed(() => import('../features/membership/components/reconciliation-page'), 'ReconciliationPage');
const AdsQueue = lazyNamed(() => import('../features/ads/components/ads-queue'), 'AdsQueue');
const SubmissionsPage = lazyNamed(() => import('../features/forms/components/submissions-page'), 'SubmissionsPage');
const SubmissionDetailPage = lazyNamed(() => import('../features/forms/components/submission-detail'), 'SubmissionDetailPage');
const MembersPage = lazyNamed(() => import('../features/members/components/members-page'), 'MembersPage');
const ConsoleMemberPage = lazyNamed(() => import('./pages/console-member'), 'ConsoleMember');
const PremieresPage = lazyNamed(() => import('../features/forms/components/premieres-page'), 'PremieresPage');
const EventsAdminPage = lazyNamed(() => import('../features/events/components/events-admin-page'), 'EventsAdminPage');
const TalentAdminPage = lazyNamed(() => import('../features/talent/components/talent-admin-page'), 'TalentAdminPage');
const AuditPage = lazyNamed(() => import('../features/audit/components/audit-page'), 'AuditPage');
const ConsoleStaffPage = lazyNamed(() => import('./pages/console-staff'), 'ConsoleStaff');
const PlansPage = lazyNamed(() => import('../features/membership/components/plans-page'), 'PlansPage');
const AnnouncementsPage = lazyNamed(() => import('../features/notifications/components/announcements-page'), 'AnnouncementsPage');
const CalendarPage = lazyNamed(() => import('../features/schedule/components/calendar-page'), 'CalendarPage');
const ScheduleAdminPage = lazyNamed(() => import('../features/schedule/components/schedule-admin-page'), 'ScheduleAdminPage');
const RegisterPage = lazyNamed(() => import('../features/schedule/components/register-page'), 'RegisterPage');
const SeriesListPage = lazyNamed(() => import('../features/schedule/components/series-list-page'), 'SeriesListPage');
const SeriesPage = lazyNamed(() => import('../features/schedule/components/series-page'), 'SeriesPage');
const CertificatesPage = lazyNamed(() => import('../features/schedule/components/certificates-page'), 'CertificatesPage');
const CertificateCheckPage = lazyNamed(() => import('../features/schedule/components/certificate-check-page'), 'CertificateCheckPage');
const AttendanceFinesPage = lazyNamed(() => import('../features/schedule/components/attendance-fines-page'), 'AttendanceFinesPage');
const VerifyPage = lazyNamed(() => import('../features/member-card/components/verify-page'), 'VerifyPage');
const SiteSettingsPage = lazyNamed(() => import('../features/admin/components/site-settings-page'), 'SiteSettingsPage');
const TwoFactorPage = lazyNamed(() => import('../features/admin/components/two-factor-page'), 'TwoFactorPage');

/** Every page of the site and who may see it: public, signed in, activated (the forms), staff (/admin). */
export function AppRoutes() {
  return <Routes>{appRoutes}</Routes>;
}

/** The route tree, also matched on its own by the server entry. */
export const appRoutes = (
  <Route path="/" element={<Layout />}>
    <Route index element={<LandingPage />} />
    <Route path="services" element={<ServicesPage />} />
    <Route path="terms-and-conditions" element={<TermsPage />} />
    <Route path="privacy" element={<PrivacyPolicyPage />} />
    <Route path="guardian" element={<GuardianConfirmPage />} />
    <Route path="castings/consent" element={<CastingConsentPage />} />
    <Route path="contact" element={<ContactPage />} />
    <Route path="login" element={<LoginPage />} />
    <Route path="login/2fa" element={<TwoFactorLoginPage />} />
    <Route path="signup" element={<SignupPage />} />
    <Route path="forgot-password" element={<ForgotPasswordPage />} />
    <Route path="talent" element={<TalentDirectoryPage />} />
    <Route path="talent/:id" element={<TalentProfilePage />} />
    <Route path="verify/:memberNumber" element={<VerifyPage />} />
    <Route path="verify/certificates/:number" element={<CertificateCheckPage />} />

    <Route element={<ProtectedRoute redirectTo="/signup" />}>
      <Route path="about" element={<AboutPage />} />
      <Route path="events" element={<EventsPage />} />
    </Route>

    {FORM_KINDS.map(({ value: kind }) => {
      const { page, access } = FORM_ROUTES[kind];
      const FormPage = FORM_PAGES[kind];
      return (
        <Route key={kind} element={<ProtectedRoute inactiveRedirectTo={access === 'activated' ? '/user/fees' : undefined} />}>
          <Route element={<MembersOnlyRoute />}>
            <Route path={page} element={<FormPage />} />
          </Route>
        </Route>
      );
    })}

    <Route element={<ProtectedRoute />}>
      <Route element={<MembersOnlyRoute />}>
        <Route path="profile" element={<ProfilePage />} />
        <Route path="profile/talent" element={<TalentEditorPage />} />
        <Route path="profile/payments" element={<PaymentsPage />} />
        <Route path="profile/payments/fines/:id" element={<FinePaymentPage />} />
        <Route path="profile/privacy" element={<PrivacySettingsPage />} />
        <Route path="editprofile" element={<EditProfilePage />} />
        <Route path="user/fees" element={<FeesPage />} />
        <Route path="notifications" element={<NotificationsPage />} />
        <Route path="castings" element={<CastingsPage />} />
        <Route path="calendar" element={<CalendarPage />} />
      </Route>
    </Route>

    {/* Signed out, the general guard sends the visitor to sign in with the console page asked for. */}
    <Route path="admin" element={<ProtectedRoute />}>
      <Route element={<StaffRoute />}>
        <Route element={<AdminLayout />}>
          <Route index element={<AdminHome />} />
          <Route path="payments" element={<PaymentsQueue />} />
          <Route path="payments/reconciliation" element={<ReconciliationPage />} />
          <Route path="schedule" element={<ScheduleAdminPage />} />
          <Route path="schedule/series" element={<SeriesListPage />} />
          <Route path="schedule/series/new" element={<SeriesPage />} />
          <Route path="schedule/series/:id" element={<SeriesPage />} />
          <Route path="schedule/certificates" element={<CertificatesPage />} />
          <Route path="schedule/:seriesId/:day" element={<RegisterPage />} />
          <Route path="attendance-fines" element={<AttendanceFinesPage />} />
          <Route path="ads" element={<AdsQueue />} />
          <Route path="submissions" element={<SubmissionsPage />} />
          <Route path="submissions/:id" element={<SubmissionDetailPage />} />
          <Route path="messages" element={<MessagesPage />} />
          <Route path="messages/:id" element={<MessageDetailPage />} />
          <Route path="reports" element={<ReportsPage />} />
          <Route path="members" element={<MembersPage />} />
          <Route path="members/:id" element={<ConsoleMemberPage />} />
          <Route path="premieres" element={<PremieresPage />} />
          <Route path="events" element={<EventsAdminPage />} />
          <Route path="talent" element={<TalentAdminPage />} />
          <Route path="castings" element={<CastingsAdminPage />} />
          <Route path="castings/new" element={<CastingCallFormPage />} />
          <Route path="castings/:id" element={<CastingCallDetailPage />} />
          <Route path="audit" element={<AuditPage />} />
          <Route path="staff" element={<ConsoleStaffPage />} />
          <Route path="plans" element={<PlansPage />} />
          <Route path="announcements" element={<AnnouncementsPage />} />
          <Route path="settings" element={<SiteSettingsPage />} />
          <Route path="2fa" element={<TwoFactorPage />} />
        </Route>
      </Route>
    </Route>

    <Route path="*" element={<NotFoundPage />} />
  </Route>
);
