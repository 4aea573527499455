import { lazyWithReload, pick } from '../../lib/chunk-reload';

// Every page and layout is its own chunk (spec 2.1: a chunk that fails to load reloads the window).
export const LoginPage = lazyWithReload('login', pick(() => import('../../features/auth/components/login-page'), 'LoginPage'));
export const ResetPasswordPage = lazyWithReload('reset-password', pick(() => import('../../features/auth/components/reset-password-page'), 'ResetPasswordPage'));
export const ResetPasswordConfirmPage = lazyWithReload(
  'reset-password-confirm',
  pick(() => import('../../features/auth/components/reset-password-confirm-page'), 'ResetPasswordConfirmPage'),
);
export const ActivatePage = lazyWithReload('activate', pick(() => import('../../features/auth/components/activate-page'), 'ActivatePage'));
export const SocialLoginErrorPage = lazyWithReload(
  'social-login-error',
  pick(() => import('../../features/auth/components/social-login-error-page'), 'SocialLoginErrorPage'),
);
export const ProfileSelectionPage = lazyWithReload(
  'profile-selection',
  pick(() => import('../../features/profiles/components/profile-selection-page'), 'ProfileSelectionPage'),
);
export const OnboardingPage = lazyWithReload('onboarding', pick(() => import('../../features/onboarding/components/onboarding-page'), 'OnboardingPage'));
export const NotBuiltPage = lazyWithReload('not-built', pick(() => import('../../components/not-built-page'), 'NotBuiltPage'));
export const StaffLayout = lazyWithReload('staff-layout', pick(() => import('../layouts/staff-layout'), 'StaffLayout'));
export const StaffMobileLayout = lazyWithReload('staff-mobile-layout', pick(() => import('../layouts/staff-mobile-layout'), 'StaffMobileLayout'));
export const PlatformLayout = lazyWithReload('platform-layout', pick(() => import('../layouts/platform-layout'), 'PlatformLayout'));
export const AthleteLayout = lazyWithReload('athlete-layout', pick(() => import('../layouts/athlete-layout'), 'AthleteLayout'));
export const KioskLayout = lazyWithReload('kiosk-layout', pick(() => import('../layouts/kiosk-layout'), 'KioskLayout'));
export const GymsPage = lazyWithReload('platform-gyms', pick(() => import('../../features/platform/components/gyms-page'), 'GymsPage'));
export const DemoGymsPage = lazyWithReload('platform-demo-gyms', pick(() => import('../../features/platform/components/demo-gyms-page'), 'DemoGymsPage'));
export const GymAthletesPage = lazyWithReload('platform-gym-athletes', pick(() => import('../../features/platform/components/gym-people-page'), 'GymAthletesPage'));
export const GymStaffPage = lazyWithReload('platform-gym-staff', pick(() => import('../../features/platform/components/gym-people-page'), 'GymStaffPage'));
export const KioskListPage = lazyWithReload('kiosk-list', pick(() => import('../../features/kiosk/components/kiosk-list-page'), 'KioskListPage'));
export const KioskEventPage = lazyWithReload('kiosk-event', pick(() => import('../../features/kiosk/components/kiosk-event-page'), 'KioskEventPage'));
export const SchedulePage = lazyWithReload('schedule', pick(() => import('../../features/schedule/components/schedule-page'), 'SchedulePage'));
export const ClassPage = lazyWithReload('schedule-class', pick(() => import('../../features/schedule/components/class-page'), 'ClassPage'));
export const MyEventsPage = lazyWithReload('schedule-mine', pick(() => import('../../features/schedule/components/my-events-page'), 'MyEventsPage'));
export const AttendancePage = lazyWithReload('schedule-attendance', pick(() => import('../../features/schedule/components/my-events-page'), 'AttendancePage'));
export const AppointmentPage = lazyWithReload('appointment', pick(() => import('../../features/appointments/components/appointment-page'), 'AppointmentPage'));
export const AvailabilityPage = lazyWithReload('availability', pick(() => import('../../features/availability/components/availability-page'), 'AvailabilityPage'));
export const ClassTypesPage = lazyWithReload('event-setup-classes', pick(() => import('../../features/event-setup/components/class-types-page'), 'ClassTypesPage'));
export const AppointmentTypesPage = lazyWithReload(
  'event-setup-appointments',
  pick(() => import('../../features/event-setup/components/appointment-types-page'), 'AppointmentTypesPage'),
);
export const LocationsPage = lazyWithReload('event-setup-locations', pick(() => import('../../features/event-setup/components/locations-page'), 'LocationsPage'));
export const CalendarPage = lazyWithReload('calendar', pick(() => import('../../features/calendar/components/calendar-page'), 'CalendarPage'));
export const StaffSchedulePage = lazyWithReload('staff-schedule', pick(() => import('../../features/calendar/components/staff-schedule-page'), 'StaffSchedulePage'));
export const StaffPage = lazyWithReload('staff', pick(() => import('../../features/staff/components/staff-page'), 'StaffPage'));
export const AthleteDetailPage = lazyWithReload('athlete-detail', pick(() => import('../../features/athlete-record/components/athlete-detail-page'), 'AthleteDetailPage'));
export const ImportAthletesPage = lazyWithReload('athlete-import', pick(() => import('../../features/athlete-import/components/import-athletes-page'), 'ImportAthletesPage'));
export const AthletesPage = lazyWithReload('athletes-list', pick(() => import('../../features/athletes/components/athletes-page'), 'AthletesPage'));
export const TaxRatesPage = lazyWithReload('products-tax-rates', pick(() => import('../../features/products-catalog/components/tax-rates-page'), 'TaxRatesPage'));
export const RetailPage = lazyWithReload('products-retail', pick(() => import('../../features/products-catalog/components/products-page'), 'RetailPage'));
export const FeesPage = lazyWithReload('products-fees', pick(() => import('../../features/products-catalog/components/products-page'), 'FeesPage'));
export const PackagesPage = lazyWithReload('packages', pick(() => import('../../features/packages/components/packages-page'), 'PackagesPage'));
export const ProductsPhonePage = lazyWithReload('products-phone', pick(() => import('../../features/packages/components/products-phone-page'), 'ProductsPhonePage'));
export const PackagePhonePage = lazyWithReload('package-phone', pick(() => import('../../features/packages/components/package-phone-page'), 'PackagePhonePage'));
export const MyPackagesPage = lazyWithReload('my-packages', pick(() => import('../../features/athlete-packages/components/my-packages-page'), 'MyPackagesPage'));
export const MyPackagePage = lazyWithReload('my-package', pick(() => import('../../features/athlete-packages/components/my-packages-page'), 'MyPackagePage'));
export const InvoicesPage = lazyWithReload('invoices', pick(() => import('../../features/invoices/components/invoices-page'), 'InvoicesPage'));
export const MyInvoicePage = lazyWithReload('my-invoice', pick(() => import('../../features/invoices/components/my-invoice-page'), 'MyInvoicePage'));
