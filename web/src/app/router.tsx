import type { DeviceType, User } from '@quad/contracts';
import { Suspense, useDeferredValue } from 'react';
import { Outlet, Route, Routes } from 'react-router-dom';
import { SuspensionScreen } from '../features/auth/components/suspension-screen';
import { useSession } from '../lib/auth/use-session';
import { useUserDevice } from '../lib/device/use-device';
import { AuthPage, CompleteProfilePage, DeviceSelectionPage, HomeRoute } from './first-screens';
import { lazyPage } from './lazy-page';
import { AppLayout } from './layout/app-layout';
import { paths, signedInOnlyPaths } from './paths';
import { LoadingScreen, PageSpinner } from './routes/loading-screen';
import { NotFoundPage } from './routes/not-found-page';
import { RedirectPage } from './routes/redirect-page';
import { SubscriptionRedirect } from './routes/subscription-redirect';
import { UnauthorizedRedirect } from './routes/unauthorized-redirect';

// Every screen loads on demand, so each feature ships its own chunk and the entry holds only
// the app's frame: React, the store, the router and the session. The sign-in page and home
// (first-screens.ts) are preloaded by main.tsx; the chat connection (socket.io) waits for home.
const ChatNotifier = lazyPage(() => import('../features/messages/components/chat-notifier'), 'ChatNotifier');
const AdminPanelPage = lazyPage(() => import('../features/admin/components/admin-panel-page'), 'AdminPanelPage');
const AdminInvitePage = lazyPage(() => import('../features/auth/components/admin-invite-page'), 'AdminInvitePage');
const VerifyEmailPage = lazyPage(() => import('../features/account/components/verify-email-page'), 'VerifyEmailPage');
const AdminReportsPage = lazyPage(() => import('../features/admin/components/admin-reports-page'), 'AdminReportsPage');
const DebugCookiesPage = lazyPage(() => import('../features/debug/components/debug-cookies-page'), 'DebugCookiesPage');
const FriendsPage = lazyPage(() => import('../features/friends/components/friends-page'), 'FriendsPage');
const IdeaDetailPage = lazyPage(() => import('../features/ideas/components/idea-detail-page'), 'IdeaDetailPage');
const IdeasPage = lazyPage(() => import('../features/ideas/components/ideas-page'), 'IdeasPage');
const MessagesPage = lazyPage(() => import('../features/messages/components/messages-page'), 'MessagesPage');
const PollsPage = lazyPage(() => import('../features/polls/components/polls-page'), 'PollsPage');
const SearchRoute = lazyPage(() => import('./routes/search-routes'), 'SearchRoute');
const PostRoute = lazyPage(() => import('./routes/search-routes'), 'PostRoute');
const ProfilePage = lazyPage(() => import('../features/profile/components/profile-page'), 'ProfilePage');
const PaymentPage = lazyPage(() => import('../features/subscription/components/payment-page'), 'PaymentPage');
const SubscribePage = lazyPage(() => import('../features/subscription/components/subscribe-page'), 'SubscribePage');
const SubscriptionRequiredPage = lazyPage(() => import('../features/subscription/components/subscription-required-page'), 'SubscriptionRequiredPage');
const SubscriptionSettingsPage = lazyPage(() => import('../features/subscription/components/subscription-settings-page'), 'SubscriptionSettingsPage');

/**
 * Which screens exist depends on the session (spec section 2): a banned account sees only the
 * suspension screen, a visitor the sign-in set, a signed-in user everything else.
 */
export function AppRoutes() {
  const session = useSession();
  // The session's answer swaps the loading screen for a whole screen (home: feed, sidebars,
  // panels). Revealed through a deferred value, React renders that screen in slices the browser
  // can interleave with other work instead of in one long task. Only the reveal is deferred:
  // loading starts showing at once, and every later change (sign-out, a ban) is immediate.
  const stillLoading = useDeferredValue(session.isLoading);
  const device = useUserDevice();
  // The suspension screen stays in the entry: a ban shows at once, never after a download.
  if (session.suspension) return <SuspensionScreen suspension={session.suspension} />;
  if (session.isLoading || stillLoading) return <LoadingScreen />;
  return (
    <Suspense fallback={<LoadingScreen />}>
      {session.user ? <SignedInRoutes user={session.user} device={device} /> : <SignedOutRoutes />}
    </Suspense>
  );
}

function SignedOutRoutes() {
  return (
    <Routes>
      <Route path={paths.home} element={<AuthPage />} />
      <Route path={paths.auth} element={<AuthPage />} />
      <Route path={paths.debugCookies} element={<DebugCookiesPage />} />
      <Route path={paths.adminInvite} element={<AdminInvitePage />} />
      <Route path={paths.verifyEmail} element={<VerifyEmailPage signedIn={false} />} />
      <Route path={paths.ideas} element={<IdeasPage isVisitor />} />
      {[...signedInOnlyPaths, paths.idea].map((path) => (
        <Route key={path} path={path} element={<UnauthorizedRedirect />} />
      ))}
      <Route path={paths.redirect} element={<RedirectPage />} />
      <Route path={paths.homeAlias} element={<RedirectPage />} />
      <Route path="*" element={<NotFoundPage />} />
    </Routes>
  );
}

function SignedInRoutes({ user, device }: { user: User; device: DeviceType | null }) {
  const framed = (
    <AppLayout user={user}>
      <Suspense fallback={<PageSpinner />}>
        <Outlet />
      </Suspense>
    </AppLayout>
  );
  return (
    <>
      <SubscriptionRedirect />
      {/* Its own boundary: the chat chunk arriving never puts the screen back to a spinner. */}
      <Suspense fallback={null}>
        <ChatNotifier user={user} />
      </Suspense>
      <Routes>
        <Route path={paths.home} element={<HomeRoute user={user} device={device} />} />
        <Route path={paths.auth} element={<AuthPage />} />
        <Route path={paths.deviceSelection} element={<DeviceSelectionPage />} />
        <Route path={paths.completeProfile} element={<CompleteProfilePage />} />
        <Route path={paths.adminInvite} element={<AdminInvitePage />} />
        <Route path={paths.verifyEmail} element={<VerifyEmailPage signedIn />} />
        <Route element={framed}>
          <Route path={paths.subscribe} element={<SubscribePage />} />
          <Route path={paths.subscriptionRequired} element={<SubscriptionRequiredPage />} />
          <Route path={paths.debugCookies} element={<DebugCookiesPage />} />
          <Route path={paths.adminPanel} element={<AdminPanelPage />} />
          <Route path={paths.adminReports} element={<AdminReportsPage />} />
          <Route path={paths.profile} element={<ProfilePage />} />
          <Route path={paths.friends} element={<FriendsPage />} />
          <Route path={paths.messages} element={<MessagesPage />} />
          <Route path={paths.payment} element={<PaymentPage />} />
          <Route path={paths.ideas} element={<IdeasPage />} />
          <Route path={paths.idea} element={<IdeaDetailPage />} />
          <Route path={paths.polls} element={<PollsPage />} />
          <Route path={paths.search} element={<SearchRoute />} />
          <Route path={paths.post} element={<PostRoute user={user} />} />
          <Route path={paths.subscriptionSettings} element={<SubscriptionSettingsPage />} />
        </Route>
        <Route path={paths.redirect} element={<RedirectPage />} />
        <Route path={paths.homeAlias} element={<RedirectPage />} />
        <Route path="*" element={<NotFoundPage />} />
      </Routes>
    </>
  );
}
