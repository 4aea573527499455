import { lazyWithReload, pick } from '../../lib/chunk-reload';

// Every page and layout is its own chunk (spec 2.1: a chunk that fails to load reloads the window).
export const LoginPage = lazyWithReload(
  'login',
  pick(() => import('../../features/auth/components/login-page'), 'LoginPage'),
);
export const ResetPasswordPage = lazyWithReload(
  'reset-password',
  pick(() => import('../../features/auth/components/reset-password-page'), 'ResetPasswordPage'),
);
export const ResetPasswordConfirmPage = lazyWithReload(
  'reset-password-confirm',
  pick(() => import('../../features/auth/components/reset-password-confirm-page'), 'ResetPasswordConfirmPage'),
);
export const ActivatePage = lazyWithReload(
  'activate',
  pick(() => import('../../features/auth/components/activate-page'), 'ActivatePage'),
);
export const SocialLoginErrorPage = lazyWithReload(
  'social-login-error',
  pick(() => import('../../features/auth/components/social-login-error-page'), 'SocialLoginErrorPage'),
);
export const ProfileSelectionPage = lazyWithReload(
  'profile-selection',
  pick(() => import('../../features/profiles/components/profile-selection-page'), 'ProfileSelectionPage'),
);
export const OnboardingPage = lazyWithReload(
  'onboarding',
  pick(() => import('../../features/onboarding/components/onboarding-page'), 'OnboardingPage'),
);
export const NotBuiltPage = lazyWithReload(
  'not-built',
  pick(() => import('../../components/not-built-page'), 'NotBuiltPage'),
);
export const StaffLayout = lazyWithReload(
  'staff-layout',
  pick(() => import('../layouts/staff-layout'), 'StaffLayout'),
);
export const StaffMobileLayout = lazyWithReload(
  'staff-mobile-layout',
  pick(() => import('../layouts/staff-mobile-layout'), 'StaffMobileLayout'),
);
export const PlatformLayout = lazyWithReload(
  'platform-layout',
  pick(() => import('../layouts/platform-layout'), 'PlatformLayout'),
);
export const AthleteLayout = lazyWithReload(
  'athlete-layout',
  pick(() => import('../layouts/athlete-layout'), 'AthleteLayout'),
);
export const KioskLayout = lazyWithReload(
  'kiosk-layout',
  pick(() => import('../layouts/kiosk-layout'), 'KioskLayout'),
);
export const GymsPage = lazyWithReload(
  'platform-gyms',
  pick(() => import('../../features/platform/components/gyms-page'), 'GymsPage'),
);
export const DemoGymsPage = lazyWithReload(
  'platform-demo-gyms',
  pick(() => import('../../features/platform/components/demo-gyms-page'), 'DemoGymsPage'),
);
export const GymAthletesPage = lazyWithReload(
  'platform-gym-athletes',
  pick(() => import('../../features/platform/components/gym-people-page'), 'GymAthletesPage'),
);
export const GymStaffPage = lazyWithReload(
  'platform-gym-staff',
  pick(() => import('../../features/platform/components/gym-people-page'), 'GymStaffPage'),
);
export const KioskListPage = lazyWithReload(
  'kiosk-list',
  pick(() => import('../../features/kiosk/components/kiosk-list-page'), 'KioskListPage'),
);
export const KioskEventPage = lazyWithReload(
  'kiosk-event',
  pick(() => import('../../features/kiosk/components/kiosk-event-page'), 'KioskEventPage'),
);
export const SchedulePage = lazyWithReload(
  'schedule',
  pick(() => import('../../features/schedule/components/schedule-page'), 'SchedulePage'),
);
export const ClassPage = lazyWithReload(
  'schedule-class',
  pick(() => import('../../features/schedule/components/class-page'), 'ClassPage'),
);
export const MyEventsPage = lazyWithReload(
  'schedule-mine',
  pick(() => import('../../features/schedule/components/my-events-page'), 'MyEventsPage'),
);
export const AttendancePage = lazyWithReload(
  'schedule-attendance',
  pick(() => import('../../features/schedule/components/my-events-page'), 'AttendancePage'),
);
