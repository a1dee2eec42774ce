import { createBrowserRouter } from 'react-router';
import { Spinner } from '../components/spinner';
import { ProtectedRoute } from '../features/auth/components/protected-route';
import { Layout } from './layout';
import { RouteError } from './route-error';

/**
 * Every page is a lazy route: a visitor of the landing page downloads the shell and the landing
 * page only. Other engineers add their routes (fees, forms, events, admin) to this table.
 */
export const router = createBrowserRouter([
  {
    path: '/',
    Component: Layout,
    errorElement: <RouteError />,
    HydrateFallback: Spinner,
    children: [
      { index: true, lazy: () => import('../features/site/components/landing-page').then((m) => ({ Component: m.LandingPage })) },
      { path: 'services', lazy: () => import('../features/site/components/services-page').then((m) => ({ Component: m.ServicesPage })) },
      {
        path: 'terms-and-conditions',
        lazy: () => import('../features/site/components/terms-page').then((m) => ({ Component: m.TermsPage })),
      },
      { path: 'contact', lazy: () => import('../features/contact/components/contact-page').then((m) => ({ Component: m.ContactPage })) },
      { path: 'login', lazy: () => import('../features/auth/components/login-page').then((m) => ({ Component: m.LoginPage })) },
      { path: 'signup', lazy: () => import('../features/auth/components/signup-page').then((m) => ({ Component: m.SignupPage })) },
      { path: 'talent', lazy: () => import('../features/talent/components/talent-directory-page').then((m) => ({ Component: m.TalentDirectoryPage })) },
      { path: 'talent/:id', lazy: () => import('../features/talent/components/talent-profile-page').then((m) => ({ Component: m.TalentProfilePage })) },
      {
        element: <ProtectedRoute redirectTo="/signup" />,
        children: [{ path: 'about', lazy: () => import('../features/site/components/about-page').then((m) => ({ Component: m.AboutPage })) }],
      },
      {
        element: <ProtectedRoute inactiveRedirectTo="/user/fees" />,
        children: [
          {
            path: 'artistmembershipform',
            lazy: () => import('../features/forms/components/artist-membership-form-page').then((m) => ({ Component: m.ArtistMembershipFormPage })),
          },
          {
            path: 'scriptprintingform',
            lazy: () => import('../features/forms/components/script-printing-form-page').then((m) => ({ Component: m.ScriptPrintingFormPage })),
          },
          { path: 'welfareform', lazy: () => import('../features/forms/components/welfare-form-page').then((m) => ({ Component: m.WelfareFormPage })) },
          { path: 'campingform', lazy: () => import('../features/forms/components/camping-form-page').then((m) => ({ Component: m.CampingFormPage })) },
          {
            path: 'moviepremiereform',
            lazy: () => import('../features/forms/components/movie-premiere-form-page').then((m) => ({ Component: m.MoviePremiereFormPage })),
          },
        ],
      },
      {
        // DESIGN.md: the event form needs a signed-in account but no activation.
        element: <ProtectedRoute />,
        children: [{ path: 'eventform', lazy: () => import('../features/forms/components/event-form-page').then((m) => ({ Component: m.EventFormPage })) }],
      },
      {
        element: <ProtectedRoute redirectTo="/signup" />,
        children: [{ path: 'events', lazy: () => import('../features/events/components/events-page').then((m) => ({ Component: m.EventsPage })) }],
      },
      {
        element: <ProtectedRoute />,
        children: [
          { path: 'profile', lazy: () => import('../features/profile/components/profile-page').then((m) => ({ Component: m.ProfilePage })) },
          { path: 'profile/talent', lazy: () => import('../features/talent/components/talent-editor-page').then((m) => ({ Component: m.TalentEditorPage })) },
          {
            path: 'editprofile',
            lazy: () => import('../features/profile/components/edit-profile-page').then((m) => ({ Component: m.EditProfilePage })),
          },
          { path: 'user/fees', lazy: () => import('../features/membership/components/fees-page').then((m) => ({ Component: m.FeesPage })) },
          {
            path: 'notifications',
            lazy: () => import('../features/notifications/components/notifications-page').then((m) => ({ Component: m.NotificationsPage })),
          },
        ],
      },
      {
        path: 'admin',
        lazy: () => import('../features/admin/components/staff-route').then((m) => ({ Component: m.StaffRoute })),
        children: [
          {
            lazy: () => import('../features/admin/components/admin-layout').then((m) => ({ Component: m.AdminLayout })),
            children: [
              { index: true, lazy: () => import('../features/admin/components/admin-home').then((m) => ({ Component: m.AdminHome })) },
              { path: 'payments', lazy: () => import('../features/admin/components/payments-queue').then((m) => ({ Component: m.PaymentsQueue })) },
              { path: 'ads', lazy: () => import('../features/admin/components/ads-queue').then((m) => ({ Component: m.AdsQueue })) },
              {
                path: 'submissions',
                lazy: () => import('../features/admin/components/submissions-page').then((m) => ({ Component: m.SubmissionsPage })),
              },
              {
                path: 'submissions/:id',
                lazy: () => import('../features/admin/components/submission-detail').then((m) => ({ Component: m.SubmissionDetailPage })),
              },
              { path: 'members', lazy: () => import('../features/admin/components/members-page').then((m) => ({ Component: m.MembersPage })) },
              { path: 'members/:id', lazy: () => import('../features/admin/components/member-detail').then((m) => ({ Component: m.MemberDetailPage })) },
              { path: 'premieres', lazy: () => import('../features/admin/components/premieres-page').then((m) => ({ Component: m.PremieresPage })) },
              { path: 'talent', lazy: () => import('../features/talent/components/talent-admin-page').then((m) => ({ Component: m.TalentAdminPage })) },
            ],
          },
        ],
      },
      { path: '*', lazy: () => import('../features/site/components/not-found-page').then((m) => ({ Component: m.NotFoundPage })) },
    ],
  },
]);
