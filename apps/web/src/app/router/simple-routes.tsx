import { Navigate, Route, Routes, useLocation } from 'react-router';
import { kioskModeRoutes } from '@spotter/shared';
import { preloadRoute, RoutePage } from './pages';
import {
  ActivatePage,
  KioskLayout,
  LoginPage,
  OnboardingPage,
  ProfileSelectionPage,
  ResetPasswordConfirmPage,
  ResetPasswordPage,
  SocialLoginErrorPage,
} from './lazy-pages';

/** Spec 2.1: logged out, only these paths; anything else goes to /login. */
export function LoggedOutRoutes() {
  return (
    <Routes>
      <Route path="/login" element={<LoginPage />} />
      <Route path="/activate/:uid/:token" element={<ActivatePage />} />
      <Route path="/reset-password" element={<ResetPasswordPage />} />
      <Route path="/password/reset/confirm/:uid/:token" element={<ResetPasswordConfirmPage />} />
      <Route path="/social-login-error" element={<SocialLoginErrorPage />} />
      <Route path="*" element={<Navigate to="/login" replace />} />
    </Routes>
  );
}

/** Spec 2.1: logged in with no profile chosen. */
export function ProfileSelectionRoutes() {
  return (
    <Routes>
      <Route path="/" element={<ProfileSelectionPage />} />
      <Route path="*" element={<Navigate to="/" replace />} />
    </Routes>
  );
}

/** Spec 2.1: a gym whose payment status is Onboard gets only the onboarding page. */
export function OnboardingRoutes() {
  return (
    <Routes>
      <Route path="/" element={<OnboardingPage />} />
      <Route path="*" element={<Navigate to="/" replace />} />
    </Routes>
  );
}

/** Spec 2.5: athlete kiosk mode. */
export function KioskRoutes() {
  preloadRoute('kiosk', kioskModeRoutes, useLocation().pathname, KioskLayout);
  return (
    <Routes>
      <Route element={<KioskLayout />}>
        {kioskModeRoutes.map((route) => (
          <Route key={route.path} path={route.path} element={<RoutePage set="kiosk" route={route} />} />
        ))}
      </Route>
      <Route path="*" element={<Navigate to="/" replace />} />
    </Routes>
  );
}
