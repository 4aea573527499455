import type { ReactElement } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  defaultClassDefaults,
  defaultKioskSettings,
  messageTemplateCatalogue,
  type GymSettings,
  type AthleteRecord,
  type MessageTemplateDetail,
  type Product,
  type SaleCatalog,
  type Session,
  type StaffMember,
  type Workout,
  type WorkoutsAnswer,
} from '@spotter/shared';
import { Route, Routes } from 'react-router';
import { render } from './render';
import { jsonResponse, stubFetch, type FetchHandler } from './stub-fetch';
import { LoginPage } from '../features/auth/components/login-page';
import { ResetPasswordPage } from '../features/auth/components/reset-password-page';
import { ClassTypeForm } from '../features/event-setup/components/class-type-form';
import { AppointmentTypeForm } from '../features/event-setup/components/appointment-type-form';
import { options, ownerSession } from '../features/event-setup/components/setup-test-fixtures';
import { PackageForm } from '../features/packages/components/package-form';
import { TaxRateForm } from '../features/products-catalog/components/tax-rate-form';
import { ProductForm } from '../features/products-catalog/components/product-form';
import { PayRateForm } from '../features/payroll/components/pay-rate-form';
import { ChangeEmailForm } from '../features/profiles/components/change-email-form';
import { ChangePasswordForm } from '../features/profiles/components/change-password-form';
import { AddAthleteButton } from '../features/athlete-record/components/add-athlete-button';
import { InviteStaffModal } from '../features/staff/components/invite-staff-modal';
import { WorkEntryForm } from '../features/payroll/components/work-entry-form';
import { BannerFormModal } from '../features/banners/components/banner-form-modal';
import { MessageTemplateEditor } from '../features/messages/components/message-template-editor';
import { TemplateEditor } from '../features/documents/components/templates-editor';
import { NewClassModal } from '../features/calendar/components/new-class-modal';
import { buildOptions, ownerSession as calendarOwnerSession } from '../features/calendar/testing/fixtures';
import { ProfileSection } from '../features/gym-settings/components/profile-section';
import { EmailIdentitySection } from '../features/gym-settings/components/email-identity-section';
import { ClassDefaultsSection } from '../features/gym-settings/components/class-defaults-section';
import { KioskSection } from '../features/gym-settings/components/kiosk-section';
import { TaxSection } from '../features/gym-settings/components/tax-section';
import { ResetPasswordConfirmPage } from '../features/auth/components/reset-password-confirm-page';
import { LocationsPage } from '../features/event-setup/components/locations-page';
import { gym, GYM_ID } from '../features/event-setup/components/setup-test-fixtures';
import { PointOfSaleButton } from '../features/point-of-sale/components/point-of-sale-button';
import { SellPackageDialog } from '../features/athlete-packages/components/package-dialogs';
import { StockDialog } from '../features/products-catalog/components/stock-dialog';
import { SellDialog } from '../features/products-catalog/components/sell-dialog';
import { WorkoutDialog } from '../features/programming/components/workout-dialog';
import { NotesTab } from '../features/athlete-record/components/notes-tab';
import { ProfileTab } from '../features/athlete-record/components/profile-tab';
import { StaffEditor } from '../features/staff/components/staff-editor';

/**
 * Issue 34 item 2, the kind: every form shows a server refusal — on its field when the answer names one of the form's
 * fields, else as a notification (or the form's own alert). Each form below is rendered with the least it needs, filled
 * with the least that passes its own rules, and submitted while every unsafe call is refused.
 */

const REFUSED = 'Refused by the server (test).';
const FIELD_REFUSED = 'Field refused (test).';

type FormCase = {
  /** What the form is, as a person knows it. */
  name: string;
  ui: () => ReactElement;
  session?: Session | null;
  route?: string;
  /** Answers the form's reads (GET); every unsafe call is refused. */
  reads?: FetchHandler;
  /** Fills the least that passes the form's own rules (the screen as rendered). */
  fill?: (scope: HTMLElement) => unknown;
  /** The submit button's name. */
  submit: string | RegExp;
  /** The unsafe call the submit makes: its method and a part of its URL. */
  call: [method: string, urlPart: string];
  /** A field the form shows: the name the server uses for it, and its label. */
  field?: { name: string; label: string | RegExp };
  /** Opens the form (a button's name) when it is behind one. */
  open?: string;
  /** Where the form lives: a dialog's name, else the whole document. */
  dialog?: string | RegExp;
};

const type = (scope: HTMLElement, label: string | RegExp, value: string) =>
  fireEvent.change(within(scope).getByLabelText(label, { selector: 'input, textarea' }), { target: { value } });

const bookedMail = messageTemplateCatalogue.class_booked;
const classBookedTemplate: MessageTemplateDetail = {
  kind: 'class_booked',
  label: bookedMail.label,
  description: bookedMail.description,
  group: bookedMail.group,
  subject: 'You are in, {{firstName}}!',
  isOverridden: true,
  updatedAt: '2026-03-04T20:00:00.000Z',
  bodyHtml: '<p>See you at {{className}}.</p>',
  defaultSubject: bookedMail.subject,
  defaultBodyHtml: bookedMail.bodyHtml,
  mergeFields: [...bookedMail.fields],
};

const settings: GymSettings = {
  gymId: GYM_ID,
  title: 'Iron Temple',
  email: 'desk@iron.example',
  phone: '',
  address: { addressLines: ['1 Main St'], locality: 'Springfield', region: 'Illinois', zipCode: '62701' },
  profilePicture: null,
  country: 'US',
  timeZone: 'America/Chicago',
  isTaxInclusive: false,
  classTaxRate: null,
  classDefaults: defaultClassDefaults,
  kiosk: defaultKioskSettings,
  payroll: { payCancelledClasses: false },
  emailIdentity: { senderName: null, replyTo: null, fromAddress: 'no-reply@spotter.example' },
  isDemo: false,
};
const settingsReads: FetchHandler = (url) =>
  url.includes('/api/products/tax-rates/')
    ? jsonResponse({
        count: 1,
        next: null,
        previous: null,
        results: [
          { taxRateId: '22222222-2222-4222-8222-222222222222', name: 'Sales tax', percent: '8.25', isArchived: false, isClassTaxRate: false, productCount: 0 },
        ],
      })
    : url.includes('/api/gym-settings/')
      ? jsonResponse(settings)
      : undefined;

const gymRead: FetchHandler = (url) => (url === `/api/gyms/${GYM_ID}/` ? jsonResponse(gym) : undefined);

const saleCatalog: SaleCatalog = {
  country: 'US',
  isTaxInclusive: false,
  results: [{ productId: '77777777-7777-4777-8777-100000000001', kind: 'fee', name: 'Drop-in', sku: null, priceMinor: 2000, taxRate: null, stockCount: null }],
};

const ATHLETE_ID = '33333333-3333-4333-8333-333333333333';
const PACKAGE_ID = '88888888-8888-4888-8888-888888888888';
const packageCatalog = {
  count: 1,
  next: null,
  previous: null,
  results: [
    {
      packageId: PACKAGE_ID,
      name: 'Unlimited',
      kind: 'membership',
      category: 'Memberships',
      credits: null,
      validityDays: null,
      signUpFeeMinor: 0,
      cancellationNoticeDays: 30,
      billingPlans: [
        {
          billingPlanId: '99999999-9999-4999-8999-999999999999',
          name: 'Monthly',
          priceMinor: 12000,
          interval: 'month',
          intervalCount: 1,
          paymentCount: null,
          startsOn: 'purchase',
          dayOfMonth: null,
        },
      ],
    },
  ],
};

const shirt: Product = {
  productId: '77777777-7777-4777-8777-100000000002',
  kind: 'retail',
  name: 'Club T-Shirt',
  sku: 'TEE-1',
  description: '',
  priceMinor: 2800,
  taxRate: null,
  stockCount: 12,
  lowStockThreshold: 3,
  isLowStock: false,
  isArchived: false,
  archivedAt: null,
  soldCount: 4,
};

const WOD = '11111111-1111-4111-8111-000000000001';
const fran: Workout = {
  workoutId: '44444444-4444-4444-8444-000000000001',
  classTypeId: WOD,
  date: '2026-03-04',
  title: 'Fran',
  content: '<p>21-15-9 thrusters and pull-ups</p>',
  updatedAt: '2026-03-03T15:00:00.000Z',
  updatedBy: 'Jordan Lee',
};
const programmingWeek: WorkoutsAnswer = {
  timeZone: 'America/Chicago',
  country: 'US',
  today: '2026-03-04',
  start: '2026-03-02',
  end: '2026-03-08',
  classTypes: [{ classTypeId: WOD, name: 'CrossFit WOD', color: 'blue' }],
  results: [fran],
};

const athleteRecord: AthleteRecord = {
  athleteId: ATHLETE_ID,
  firstName: 'Dana',
  lastName: 'Lopez',
  fullName: 'Dana Lopez',
  email: 'dana@example.com',
  phone: '13125550142',
  dob: '1990-04-02',
  gender: null,
  profilePicture: null,
  address: { addressLines: ['1 Main St'], locality: 'Chicago', region: 'Illinois', zipCode: '60601', country: 'US' },
  emergencyName: '',
  emergencyPhone: '',
  medicalNotes: '',
  membershipState: 'active',
  tags: [],
  isArchived: false,
  isAnonymised: false,
  hasLogin: false,
  createdAt: '2026-01-01T00:00:00.000Z',
};
const athleteNote = {
  noteId: '66666666-6666-4666-8666-000000000001',
  title: 'Shoulder',
  content: '<p>Scale overhead work.</p>',
  isPinned: false,
  createdAt: '2026-03-01T10:00:00.000Z',
  updatedAt: '2026-03-01T10:00:00.000Z',
  createdBy: 'Jordan Lee',
};

const colleague: StaffMember = {
  staffId: '55555555-5555-4555-8555-000000000001',
  email: 'dana@example.com',
  firstName: 'Dana',
  lastName: 'Whitfield',
  fullName: 'Dana Whitfield',
  phone: '',
  dob: null,
  isCoach: true,
  isOwner: false,
  gender: null,
  address: { addressLines: [], locality: '', region: '', zipCode: '', country: '' },
  emergencyName: '',
  emergencyPhone: '',
  medicalNotes: '',
  profilePicture: null,
  permissions: ['Kiosk', 'AthleteView'],
  isActive: true,
  deactivatedAt: null,
  hasLogin: true,
};

const FORMS: FormCase[] = [
  {
    name: 'log in',
    ui: () => <LoginPage />,
    session: null,
    fill: (s) => {
      type(s, 'Email', 'coach@example.com');
      type(s, 'Password', 'correct horse battery');
    },
    submit: 'Log in',
    call: ['POST', '/api/auth/login/'],
    field: { name: 'email', label: 'Email' },
  },
  {
    name: 'reset password (ask for a link)',
    ui: () => <ResetPasswordPage />,
    session: null,
    fill: (s) => type(s, /Email/, 'coach@example.com'),
    submit: /Send/,
    call: ['POST', '/api/auth/'],
    field: { name: 'email', label: /Email/ },
  },
  {
    name: 'class type',
    ui: () => (
      <ClassTypeForm opened onClose={() => {}} classType={null} country="US" isTaxInclusive={false} taxRates={options.taxRates} gymRateName="Sales Tax" />
    ),
    dialog: 'New class type',
    fill: (s) => type(s, /^Name/, 'CrossFit WOD'),
    submit: 'Create class type',
    call: ['POST', '/api/class-types/'],
    field: { name: 'name', label: /^Name/ },
  },
  {
    name: 'appointment type',
    ui: () => (
      <AppointmentTypeForm opened onClose={() => {}} appointmentType={null} country="US" isTaxInclusive={false} options={options} gymRateName="Sales Tax" />
    ),
    dialog: 'New appointment type',
    fill: (s) => type(s, /^Name/, 'Personal Training'),
    submit: /^Create/,
    call: ['POST', '/api/appointment-types/'],
    field: { name: 'name', label: /^Name/ },
  },
  {
    name: 'package',
    ui: () => (
      <PackageForm
        opened
        onClose={() => {}}
        pkg={null}
        country="US"
        isTaxInclusive={false}
        taxRates={[]}
        classTypes={[{ value: '55555555-5555-4555-8555-000000000001', label: 'CrossFit' }]}
        appointmentTypes={[]}
      />
    ),
    dialog: 'New package',
    fill: (s) => {
      type(s, /^Name/, 'Unlimited Gold');
      type(s, /^Price/, '179');
    },
    submit: 'Create package',
    call: ['POST', '/api/packages/'],
    field: { name: 'name', label: /^Name/ },
  },
  {
    name: 'tax rate',
    ui: () => <TaxRateForm opened onClose={() => {}} rate={null} />,
    dialog: 'New tax rate',
    fill: (s) => {
      type(s, /^Name/, 'City tax');
      type(s, /^Rate/, '2.5');
    },
    submit: /^(Create|Save|Add)/,
    call: ['POST', '/api/'],
    field: { name: 'name', label: /^Name/ },
  },
  {
    name: 'product',
    ui: () => <ProductForm opened onClose={() => {}} kind="retail" product={null} country="US" isTaxInclusive={false} />,
    dialog: /^New/,
    fill: (s) => {
      type(s, /^Name/, 'Chalk');
      type(s, /^Price/, '5');
    },
    submit: /^(Create|Save|Add)/,
    call: ['POST', '/api/'],
    field: { name: 'name', label: /^Name/ },
  },
  {
    name: 'pay rate',
    ui: () => <PayRateForm opened onClose={() => {}} rate={null} country="US" />,
    dialog: 'New pay rate',
    fill: (s) => {
      type(s, /^Name/, 'Class coach');
      type(s, /^Amount/, '25');
    },
    submit: /^(Create|Save|Add)/,
    call: ['POST', '/api/'],
    field: { name: 'name', label: /^Name/ },
  },
  {
    name: 'change email',
    ui: () => <ChangeEmailForm onCancel={() => {}} onSaved={() => {}} />,
    fill: (s) => {
      type(s, /^Current email/, 'coach@example.com');
      type(s, /^New email/, 'new@example.com');
      type(s, /^Confirm new email/, 'new@example.com');
    },
    submit: /^(Save|Change)/,
    call: ['POST', '/api/'],
    field: { name: 'newEmail', label: /^New email/ },
  },
  {
    name: 'change password',
    ui: () => <ChangePasswordForm onCancel={() => {}} onSaved={() => {}} />,
    fill: (s) => {
      type(s, /^Current password/, 'old horse battery staple');
      type(s, /^New password/, 'New horse battery staple 9!');
      type(s, /^Confirm new password/, 'New horse battery staple 9!');
    },
    submit: /^(Save|Change)/,
    call: ['POST', '/api/'],
    field: { name: 'newPassword', label: /^New password/ },
  },
  {
    name: 'athlete (new)',
    ui: () => <AddAthleteButton />,
    reads: (url) => (url === `/api/gyms/${GYM_ID}/` ? jsonResponse(gym) : undefined),
    open: 'Add athlete',
    dialog: 'New athlete',
    fill: (s) => {
      type(s, /^First name/, 'Grace');
      type(s, /^Last name/, 'Rodriguez');
    },
    submit: 'Add athlete',
    call: ['POST', '/api/athletes/'],
    field: { name: 'email', label: /^Email/ },
  },
  {
    name: 'invite staff',
    ui: () => <InviteStaffModal opened onClose={() => {}} canSetCoach onInvited={() => {}} />,
    dialog: 'Invite staff',
    fill: (s) => {
      type(s, /^First name/, 'Sam');
      type(s, /^Last name/, 'Lee');
      type(s, /^Email/, 'sam@example.com');
    },
    submit: 'Send invitation',
    call: ['POST', '/api/'],
    field: { name: 'email', label: /^Email/ },
  },
  {
    name: 'log work',
    ui: () => <WorkEntryForm opened onClose={() => {}} entry={null} today="2026-05-06" timeZone="America/Chicago" />,
    reads: (url) =>
      url.includes('work-categories')
        ? jsonResponse({ results: [{ workCategoryId: '66666666-6666-4666-8666-000000000001', name: 'Front desk', isArchived: false }] })
        : undefined,
    dialog: 'Log time',
    fill: async (s) => {
      fireEvent.click(await within(s).findByRole('combobox', { name: /^Category/ }));
      fireEvent.click(await screen.findByRole('option', { name: 'Front desk' }));
      type(s, /^Start\s*\*?$/, '09:00');
      type(s, /^End\s*\*?$/, '11:00');
    },
    submit: 'Log time',
    call: ['POST', '/api/'],
    field: { name: 'note', label: /^Note/ },
  },
  {
    name: 'banner',
    ui: () => (
      <BannerFormModal
        banner={{
          bannerId: '77777777-7777-4777-8777-000000000001',
          title: 'Open gym on Sunday',
          message: '<p>Come and <strong>lift</strong></p>',
          audiences: ['gym_staff', 'athletes'],
          startsAt: null,
          endsAt: null,
          state: 'showing',
          createdAt: '2026-03-04T20:00:00.000Z',
          updatedAt: '2026-03-04T20:00:00.000Z',
        }}
        timeZone="America/Chicago"
        country="US"
        onClose={() => {}}
      />
    ),
    dialog: 'Edit banner',
    submit: 'Save',
    call: ['PUT', '/api/gym-banners/'],
    field: { name: 'title', label: /^Title/ },
  },
  {
    name: 'message template',
    ui: () => <MessageTemplateEditor kind="class_booked" canEdit onClose={() => {}} />,
    reads: (url) =>
      url === '/api/message-templates/class_booked/'
        ? jsonResponse(classBookedTemplate)
        : url.includes('/preview/')
          ? jsonResponse({ subject: 'You are in', html: '<p>Hi</p>', text: 'Hi', from: 'Gym <no-reply@spotter.local>', replyTo: null })
          : undefined,
    dialog: bookedMail.label,
    submit: 'Save',
    call: ['PUT', '/api/message-templates/class_booked/'],
    field: { name: 'subject', label: /^Subject/ },
  },
  {
    name: 'document template (new)',
    ui: () => <TemplateEditor templateId={null} onClose={() => {}} timeZone="America/Chicago" country="US" />,
    reads: (url) => (url.startsWith('/api/packages/') ? jsonResponse({ count: 0, next: null, previous: null, results: [] }) : undefined),
    dialog: /^New/,
    fill: (s) => type(s, /^Title/, 'Liability waiver'),
    submit: /^(Create|Save)/,
    call: ['POST', '/api/documents/templates/'],
    field: { name: 'title', label: /^Title/ },
  },
  {
    name: 'new class',
    ui: () => <NewClassModal slot={{ date: '2030-05-08' }} options={buildOptions()} onClose={() => {}} />,
    session: calendarOwnerSession(),
    dialog: 'New class',
    fill: async () => {
      fireEvent.click(screen.getByRole('combobox', { name: 'Class type' }));
      fireEvent.click(await screen.findByRole('option', { name: 'Barbell Club' }));
      const user = userEvent.setup({ delay: null });
      await user.type(screen.getByRole('spinbutton', { name: 'Start time: hours' }), '06');
      await user.type(screen.getByRole('spinbutton', { name: 'Start time: minutes' }), '00');
      await user.selectOptions(screen.getByRole('combobox', { name: 'Start time: AM or PM' }), 'PM');
    },
    submit: 'Create class',
    call: ['POST', '/api/'],
    field: { name: 'capacity', label: /^Capacity/ },
  },
  {
    name: 'gym settings: profile',
    ui: () => <ProfileSection settings={settings} />,
    reads: settingsReads,
    submit: 'Save profile',
    call: ['P', '/api/gym-settings/'],
    field: { name: 'title', label: /^Gym name/ },
  },
  {
    name: 'gym settings: email identity',
    ui: () => <EmailIdentitySection settings={settings} />,
    reads: settingsReads,
    fill: (s) => {
      type(s, /^Sender name/, 'Iron Temple');
      type(s, /^Reply-to email/, 'desk@iron.example');
    },
    submit: 'Save email identity',
    call: ['P', '/api/gym-settings/'],
    field: { name: 'senderName', label: /^Sender name/ },
  },
  {
    name: 'gym settings: class defaults',
    ui: () => <ClassDefaultsSection settings={settings} />,
    reads: settingsReads,
    submit: 'Save class defaults',
    call: ['P', '/api/gym-settings/'],
  },
  {
    name: 'gym settings: kiosk',
    ui: () => <KioskSection settings={settings} />,
    reads: settingsReads,
    submit: 'Save kiosk',
    call: ['P', '/api/gym-settings/'],
  },
  {
    name: 'gym settings: tax',
    ui: () => <TaxSection settings={settings} />,
    reads: settingsReads,
    submit: 'Save tax',
    call: ['P', '/api/gym-settings/'],
  },
  {
    name: 'reset password (choose a new one)',
    ui: () => (
      <Routes>
        <Route path="/reset-password/:uid/:token" element={<ResetPasswordConfirmPage />} />
      </Routes>
    ),
    session: null,
    route: '/reset-password/MQ/set-password-token',
    fill: (s) => {
      type(s, /^New password/, 'New horse battery staple 9!');
      type(s, /^Confirm new password/, 'New horse battery staple 9!');
    },
    submit: /^(Save|Set|Change|Reset)/,
    call: ['POST', '/api/auth/'],
    field: { name: 'newPassword', label: /^New password/ },
  },
  {
    name: 'location (new)',
    ui: () => <LocationsPage />,
    reads: (url) =>
      url === `/api/gyms/${GYM_ID}/`
        ? jsonResponse(gym)
        : url.startsWith('/api/locations/?')
          ? jsonResponse({ count: 0, next: null, previous: null, results: [] })
          : undefined,
    open: 'New location',
    dialog: 'New location',
    fill: (s) => type(s, 'Location name', 'Main floor'),
    submit: 'Create',
    call: ['POST', '/api/locations/'],
    field: { name: 'name', label: 'Location name' },
  },
  {
    name: 'point of sale',
    ui: () => <PointOfSaleButton />,
    reads: (url) => (url === '/api/sales/catalog/' ? jsonResponse(saleCatalog) : undefined),
    open: 'Point of sale',
    dialog: 'Point of sale',
    fill: async (s) => {
      fireEvent.click(await within(s).findByRole('button', { name: 'Add Drop-in' }));
      fireEvent.click(within(s).getByRole('radio', { name: 'Guest' }));
      type(s, /Guest name/, 'Walk In');
    },
    submit: /^Take/,
    call: ['POST', '/api/sales/'],
    field: { name: 'guestName', label: /Guest name/ },
  },
  {
    name: 'sell or assign a package',
    ui: () => <SellPackageDialog athleteId={ATHLETE_ID} opened onClose={() => {}} locale={{ country: 'US', today: '2026-03-04' }} />,
    reads: (url, init) => (url.startsWith('/api/packages/?') && url.includes('status=active') ? jsonResponse(packageCatalog) : gymRead(url, init)),
    dialog: 'Sell or assign a package',
    fill: async (s) => {
      fireEvent.click(await within(s).findByRole('combobox', { name: /Package/ }));
      fireEvent.click(await screen.findByRole('option', { name: 'Unlimited (Membership)' }));
    },
    submit: 'Add package',
    call: ['POST', `/api/athletes/${ATHLETE_ID}/packages/`],
    field: { name: 'startDate', label: /^Start date/ },
  },
  {
    name: 'product stock',
    ui: () => <StockDialog product={shirt} onClose={() => {}} />,
    dialog: /^Stock/,
    submit: 'Receive',
    call: ['POST', `/api/products/items/${shirt.productId}/stock/`],
    field: { name: 'quantity', label: 'Units received' },
  },
  {
    name: 'product sell',
    ui: () => <SellDialog product={shirt} onClose={() => {}} country="US" isTaxInclusive={false} />,
    dialog: /^Sell/,
    submit: 'Sell',
    call: ['POST', '/api/sales/'],
    // The server names the line's quantity by its path in the sale.
    field: { name: 'items.0.quantity', label: 'Quantity' },
  },
  {
    name: 'workout',
    ui: () => (
      <WorkoutDialog target={{ classType: programmingWeek.classTypes[0]!, date: fran.date, workout: fran }} answer={programmingWeek} onClose={() => {}} />
    ),
    dialog: /^CrossFit WOD/,
    fill: async (s) => {
      const editor = await within(s).findByRole('textbox', { name: 'Workout' });
      await waitFor(() => expect(editor.textContent).toContain('thrusters'));
    },
    submit: 'Save',
    call: ['PUT', '/api/workouts/'],
    field: { name: 'title', label: 'Title' },
  },
  {
    name: 'athlete note',
    ui: () => <NotesTab athlete={athleteRecord} />,
    reads: (url, init) => (url === `/api/athletes/${ATHLETE_ID}/notes/` ? jsonResponse({ results: [athleteNote] }) : gymRead(url, init)),
    open: `Edit ${athleteNote.title}`,
    dialog: 'Edit note',
    fill: async (s) => {
      const editor = await within(s).findByRole('textbox', { name: 'Note' });
      await waitFor(() => expect(editor.textContent).toContain('Scale overhead work.'));
    },
    submit: 'Save',
    call: ['PUT', `/api/athletes/${ATHLETE_ID}/notes/`],
    field: { name: 'title', label: /^Title/ },
  },
  {
    name: 'athlete (edit)',
    ui: () => <ProfileTab athlete={athleteRecord} />,
    reads: gymRead,
    submit: 'Save',
    call: ['PUT', `/api/athletes/${ATHLETE_ID}/record/`],
    field: { name: 'firstName', label: /^First name/ },
  },
  {
    name: 'staff member (edit)',
    ui: () => <StaffEditor staffId={colleague.staffId} onClose={() => {}} viewer={{ isOwner: true, staffId: null }} />,
    reads: (url) => (url === `/api/staff/${colleague.staffId}/` ? jsonResponse(colleague) : undefined),
    dialog: colleague.fullName,
    submit: 'Save',
    call: ['PUT', `/api/staff/${colleague.staffId}/`],
    field: { name: 'firstName', label: /^First name/ },
  },
];

const UNSAFE = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

function stubRefusals(form: FormCase, fields?: Record<string, string[]>) {
  return stubFetch(async (url, init) => {
    // Only the form's own call is refused (a live preview's call is not the form's submit).
    const method = init.method ?? 'GET';
    if (method.startsWith(form.call[0]) && url.includes(form.call[1]))
      return jsonResponse({ message: REFUSED, code: 'invalid', ...(fields ? { fields } : {}) }, 400);
    if (UNSAFE.has(method)) return undefined;
    return form.reads?.(url, init);
  });
}

async function renderAndSubmit(form: FormCase) {
  document.cookie = 'csrftoken=t; path=/';
  render(form.ui(), { session: form.session === undefined ? ownerSession() : form.session, ...(form.route ? { route: form.route } : {}) });
  if (form.open) fireEvent.click((await screen.findAllByRole('button', { name: form.open }))[0]!);
  const scope = form.dialog ? await screen.findByRole('dialog', { name: form.dialog }) : document.body;
  await within(scope).findByRole('button', { name: form.submit });
  await form.fill?.(scope);
  fireEvent.click(within(scope).getByRole('button', { name: form.submit }));
  return scope;
}

const refusedCalls = (fetchMock: ReturnType<typeof stubFetch>, form: FormCase) =>
  fetchMock.mock.calls.filter(([url, init]) => (init?.method ?? 'GET').startsWith(form.call[0]) && String(url).includes(form.call[1])).length;

const madeCalls = (fetchMock: ReturnType<typeof stubFetch>) => fetchMock.mock.calls.map(([url, init]) => `${init?.method ?? 'GET'} ${String(url)}`).join(', ');

/** The texts that describe an input (Mantine links a field's error to its input with aria-describedby). */
const descriptionOf = (input: HTMLElement) =>
  (input.getAttribute('aria-describedby') ?? '')
    .split(/\s+/)
    .map((id) => (id ? (document.getElementById(id)?.textContent ?? '') : ''))
    .join(' ');

beforeEach(() => {
  document.cookie = 'csrftoken=t; path=/';
});
afterEach(() => vi.unstubAllGlobals());

describe('every form shows a server refusal (issue 34)', () => {
  it.each(FORMS.map((f) => [f.name, f] as const))('%s: a refusal without fields is shown', async (_, form) => {
    const fetchMock = stubRefusals(form);
    await renderAndSubmit(form);
    await waitFor(() => expect(refusedCalls(fetchMock, form), `the form's call; made: ${madeCalls(fetchMock)}`).toBeGreaterThan(0));
    expect(await screen.findByText(REFUSED)).toBeTruthy();
  });

  it.each(FORMS.filter((f) => f.field).map((f) => [f.name, f] as const))('%s: a refusal naming a field is shown on that field', async (_, form) => {
    const field = form.field!;
    const fetchMock = stubRefusals(form, { [field.name]: [FIELD_REFUSED] });
    const scope = await renderAndSubmit(form);
    await waitFor(() => expect(refusedCalls(fetchMock, form), `the form's call; made: ${madeCalls(fetchMock)}`).toBeGreaterThan(0));
    const input = within(scope).getByLabelText(field.label, { selector: 'input, textarea' });
    await waitFor(() => expect(descriptionOf(input)).toContain(FIELD_REFUSED));
    // Once (issue 34 item 4): on the field, not also as a notification (useApiMutation notifies a task after settling).
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.getAllByText(FIELD_REFUSED)).toHaveLength(1);
    expect(screen.queryByText(REFUSED)).toBeNull();
  });

  it.each(FORMS.map((f) => [f.name, f] as const))('%s: a refusal naming a field the form lacks is still shown', async (_, form) => {
    const fetchMock = stubRefusals(form, { notAFieldOfAnyForm: [FIELD_REFUSED] });
    await renderAndSubmit(form);
    await waitFor(() => expect(refusedCalls(fetchMock, form), `the form's call; made: ${madeCalls(fetchMock)}`).toBeGreaterThan(0));
    expect(await screen.findByText(REFUSED)).toBeTruthy();
  });
});

/** The app's source files by path (tests left out), as text. */
const SOURCES = Object.entries(
  import.meta.glob<string>(['../**/*.{ts,tsx}', '!../**/*.test.{ts,tsx}', '!../lib/use-api-mutation.ts'], { query: '?raw', import: 'default', eager: true }),
);

/** The argument text of each call to `name(` in `text`, up to its closing parenthesis. */
function callArguments(text: string, name: string): string[] {
  const found: string[] = [];
  const pattern = new RegExp(`\\b${name}(?:<[^()]*?>)?\\(`, 'g');
  for (let match = pattern.exec(text); match; match = pattern.exec(text)) {
    let depth = 1;
    let end = match.index + match[0].length;
    while (depth > 0 && end < text.length) {
      const c = text[end];
      if (c === '(') depth += 1;
      else if (c === ')') depth -= 1;
      end += 1;
    }
    found.push(text.slice(match.index + match[0].length, end - 1));
  }
  return found;
}

describe('no mutation can lose a refusal (issue 34, read from the source)', () => {
  it('every TanStack useMutation outside useApiMutation handles its own failure (onError); the rest go through useApiMutation, which notifies any refusal its form did not show', () => {
    const silent: string[] = [];
    let count = 0;
    for (const [file, text] of SOURCES) {
      for (const args of callArguments(text, 'useMutation')) {
        count += 1;
        if (!/\bonError\b/.test(args)) silent.push(file);
      }
    }
    expect(count).toBeGreaterThan(0);
    expect(silent).toEqual([]);
  });

  it("a mutation that shows its refusal inline (errorShown: 'inline') is used by a screen that renders the error", () => {
    // A hook is `export function useX(…) { return useApiMutation({ …, errorShown: 'inline' }) }`, up to its closing brace.
    const inlineHooks = SOURCES.flatMap(([, text]) =>
      text
        .split(/\nexport function /)
        .slice(1)
        .filter((body) => /^use\w+\(/.test(body) && /^[^]*?\n\}/.exec(body)?.[0].match(/return useApiMutation\(\{[^]*errorShown: 'inline'/))
        .map((body) => /^use\w+/.exec(body)![0]),
    );
    expect(inlineHooks).toEqual(expect.arrayContaining(['useRequestPasswordReset', 'useConfirmPasswordReset', 'useResendActivation', 'useVerifyDocument']));
    const unshown: string[] = [];
    for (const hook of inlineHooks) {
      for (const [file, text] of SOURCES) {
        const uses = [...text.matchAll(new RegExp(`const (\\w+) = ${hook}\\(`, 'g'))].map((m) => m[1]!);
        for (const name of uses) {
          // The screen reads the failure (`x.error`, or `x.isError` with the message) to render it.
          if (!new RegExp(`\\b${name}\\.error\\b`).test(text)) unshown.push(`${hook} in ${file}`);
        }
      }
    }
    expect(unshown).toEqual([]);
  });
});
