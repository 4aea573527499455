import type { Endpoint } from '../endpoint';
import { accountsEndpoints } from './accounts';
import { appointmentsEndpoints } from './appointments';
import { appointmentTypesEndpoints } from './appointment-types';
import { athleteRecordEndpoints } from './athlete-record';
import { athletesListEndpoints } from './athletes-list';
import { authEndpoints } from './auth';
import { ssoEndpoints } from './sso';
import { availabilityEndpoints } from './availability';
import { bannersEndpoints } from './banners';
import { calendarEndpoints } from './calendar';
import { classTypesEndpoints } from './class-types';
import { eventSetupEndpoints } from './event-setup';
import { calendarFeedsEndpoints } from './calendar-feeds';
import { eventsEndpoints } from './events';
import { healthEndpoints } from './health';
import { kioskEndpoints } from './kiosk';
import { locationsEndpoints } from './locations';
import { peopleEndpoints } from './people';
import { platformEndpoints } from './platform';
import { profilesEndpoints } from './profiles';
import { programmingEndpoints } from './programming';
import { reservationsEndpoints } from './reservations';
import { scheduleEndpoints } from './schedule';
import { staffEndpoints } from './staff';
import { uploadsEndpoints } from './uploads';
import { athleteImportEndpoints } from './athlete-import';
import { productsCatalogEndpoints } from './products-catalog';
import { packagesEndpoints } from './packages';
import { athletePackagesEndpoints } from './athlete-packages';
import { salesPortalEndpoints } from './sales-portal';
import { salesEndpoints } from './sales';
import { paymentsEndpoints } from './payments';
import { invoicesEndpoints } from './invoices';
import { billingEndpoints } from './billing';
import { documentsEndpoints } from './documents';
import { gymSettingsEndpoints } from './gym-settings';
import { messagesEndpoints } from './messages';
import { reportsEndpoints } from './reports';
import { payrollEndpoints } from './payroll';

/** Every endpoint of the API by name (decision 017). The server registers exactly these; nothing else is routed under /api. */
export const endpoints = {
  ...healthEndpoints,
  ...authEndpoints,
  ...ssoEndpoints,
  ...accountsEndpoints,
  ...profilesEndpoints,
  ...bannersEndpoints,
  ...peopleEndpoints,
  ...uploadsEndpoints,
  ...eventsEndpoints,
  ...reservationsEndpoints,
  ...kioskEndpoints,
  ...scheduleEndpoints,
  ...calendarEndpoints,
  ...availabilityEndpoints,
  ...appointmentsEndpoints,
  ...classTypesEndpoints,
  ...appointmentTypesEndpoints,
  ...locationsEndpoints,
  ...eventSetupEndpoints,
  ...programmingEndpoints,
  ...calendarFeedsEndpoints,
  ...platformEndpoints,
  ...staffEndpoints,
  ...athleteRecordEndpoints,
  ...athleteImportEndpoints,
  ...athletesListEndpoints,
  ...productsCatalogEndpoints,
  ...packagesEndpoints,
  ...athletePackagesEndpoints,
  ...salesPortalEndpoints,
  ...salesEndpoints,
  ...paymentsEndpoints,
  ...invoicesEndpoints,
  ...billingEndpoints,
  ...documentsEndpoints,
  ...gymSettingsEndpoints,
  ...messagesEndpoints,
  ...reportsEndpoints,
  ...payrollEndpoints,
} satisfies Record<string, Endpoint>;

export type Endpoints = typeof endpoints;
export type EndpointName = keyof Endpoints;
