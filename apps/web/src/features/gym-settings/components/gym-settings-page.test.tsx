import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import {
  defaultClassDefaults,
  defaultKioskSettings,
  gymSettingsMessages,
  messages,
  replyToMessages,
  selfCheckInMessages,
  senderNameMessages,
  setupMessages,
  type GymSettings,
} from '@spotter/shared';
import { render } from '../../../testing/render';
import { callsTo, jsonResponse, stubFetch } from '../../../testing/stub-fetch';
import { toClassDefaults, toClassDefaultsValues, validateClassDefaults } from './class-defaults-section';
import { fromLine, validateIdentity } from './email-identity-section';
import { GymSettingsPage, sectionsOf } from './gym-settings-page';
import { toProfileFormValues, toProfileInput, validateProfile } from './profile-section';
import { timeZoneOptions } from './region-section';

// The Banners section has its own tests (features/banners); here it stays out of the way of the settings' stubbed fetch.
vi.mock('../../banners', () => ({ BannersSection: () => null }));

afterEach(() => vi.unstubAllGlobals());

const GYM_ID = '11111111-1111-4111-8111-111111111111';
const RATE = { taxRateId: '22222222-2222-4222-8222-222222222222', name: 'Sales tax', percent: '8.25' };

function gymSettings(over: Partial<GymSettings> = {}): GymSettings {
  return {
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
    ...over,
  };
}

/** A stub server keeping the settings: each PUT merges its body (as the server's answer would). */
function stubSettingsServer(initial: GymSettings, refuse?: (path: string) => Response | undefined) {
  let current = initial;
  const fetchMock = stubFetch((url, init) => {
    const method = init.method ?? 'GET';
    if (url.includes('/api/products/tax-rates/'))
      return jsonResponse({ count: 1, next: null, previous: null, results: [{ ...RATE, isArchived: false, isClassTaxRate: false, productCount: 0 }] });
    if (url.includes('/api/payments/settings/')) return jsonResponse({ dunningDays: [1, 3, 7] });
    if (!url.includes('/api/gym-settings/')) return undefined;
    if (method === 'GET') return jsonResponse(current);
    const refusal = refuse?.(url);
    if (refusal) return refusal;
    const body = JSON.parse(init.body as string) as Record<string, unknown>;
    if (url.endsWith('/email-identity/'))
      current = { ...current, emailIdentity: { ...current.emailIdentity, ...(body as { senderName: string; replyTo: string }) } };
    else if (url.endsWith('/payroll/')) current = { ...current, payroll: body as GymSettings['payroll'] };
    else if (url.endsWith('/kiosk/')) current = { ...current, kiosk: body as GymSettings['kiosk'] };
    else if (url.endsWith('/tax/')) current = { ...current, isTaxInclusive: body.isTaxInclusive as boolean, classTaxRate: body.classTaxRateId ? RATE : null };
    else if (url.endsWith('/region/'))
      current = { ...current, ...(body as Pick<GymSettings, 'country' | 'timeZone'>), address: { ...current.address, region: '', zipCode: '' } };
    return jsonResponse(current);
  });
  return { fetchMock, current: () => current };
}

describe('gym settings rules (the server’s, read on the forms)', () => {
  it('checks the profile with the shared schema and the gym country’s phone and postcode', () => {
    const values = toProfileFormValues(gymSettings());
    expect(validateProfile(values, 'US')).toEqual({});
    expect(validateProfile({ ...values, title: ' ' }, 'US').title).toBe(gymSettingsMessages.titleRequired);
    expect(validateProfile({ ...values, email: 'nope' }, 'US').email).toBe(messages.emailInvalid);
    expect(validateProfile({ ...values, phone: 'call us' }, 'US').phone).toBe(messages.phoneInvalid);
    expect(validateProfile({ ...values, address: { ...values.address, zipCode: '123' } }, 'US')['address.zipCode']).toBeTruthy();
    expect(validateProfile({ ...values, address: { ...values.address, zipCode: 'sw1a 1aa' } }, 'GB')['address.zipCode']).toBeUndefined();
    expect(toProfileInput({ ...values, address: { ...values.address, line2: '  ', zipCode: 'sw1a 1aa' } }).address).toEqual({
      addressLines: ['1 Main St'],
      locality: 'Springfield',
      region: 'Illinois',
      zipCode: 'SW1A 1AA',
    });
  });

  it('checks the class defaults with the class-type rules and round-trips them', () => {
    const values = toClassDefaultsValues(defaultClassDefaults);
    expect(toClassDefaults(values)).toEqual(defaultClassDefaults);
    expect(validateClassDefaults({ ...values, bookingOpens: 'days', bookingOpensDays: 1, bookingClosesMinutes: 2000 }).bookingClosesMinutes).toBe(
      setupMessages.bookingWindowEmpty,
    );
    expect(validateClassDefaults({ ...values, noShowCreditDeduction: '' }).noShowCreditDeduction).toBeTruthy();
    expect(toClassDefaults({ ...values, cancellationFee: 12.5 }).cancellationFeeMinor).toBe(1250);
  });

  it('checks the sender name and reply-to with spec 5’s texts, and shows the From line', () => {
    expect(validateIdentity({ senderName: '', replyTo: '' })).toEqual({ senderName: senderNameMessages.required, replyTo: replyToMessages.required });
    expect(validateIdentity({ senderName: 'Iron <Temple>', replyTo: 'x@' })).toEqual({
      senderName: senderNameMessages.invalid,
      replyTo: replyToMessages.invalid,
    });
    expect(fromLine(' Iron Temple ', 'no-reply@spotter.example')).toBe('"Iron Temple" <no-reply@spotter.example>');
  });

  it('offers every IANA zone and UTC; demo gyms have no sales portal or payments section', () => {
    const zones = timeZoneOptions('America/Chicago');
    expect(zones).toContain('UTC');
    expect(zones).toContain('Europe/London');
    expect(sectionsOf(true).map((s) => s.id)).not.toContain('sales-portal');
    expect(sectionsOf(true).map((s) => s.id)).not.toContain('payments');
    expect(sectionsOf(false).map((s) => s.id)).toContain('payments');
  });
});

describe('GymSettingsPage', () => {
  it('shows every section and saves the email identity with the server’s answer', async () => {
    const server = stubSettingsServer(gymSettings());
    render(<GymSettingsPage />);
    const form = await screen.findByRole('form', { name: 'Email identity' });
    for (const title of [
      'Profile',
      'Region',
      'Tax',
      'Class defaults',
      'Kiosk',
      'Payroll',
      'Email identity',
      'Sales portal',
      'Payments',
      'Banners',
      'Danger zone',
    ]) {
      expect(screen.getByRole('heading', { level: 2, name: title })).toBeTruthy();
    }
    // Until set, mails go out under the gym's title and replies to its email.
    expect(within(form).getByText('"Iron Temple" <no-reply@spotter.example>')).toBeTruthy();
    fireEvent.change(within(form).getByLabelText(/Sender name/), { target: { value: 'Iron Temple Front Desk' } });
    fireEvent.change(within(form).getByLabelText(/Reply-to email/), { target: { value: 'coach@iron.example' } });
    expect(within(form).getByText('"Iron Temple Front Desk" <no-reply@spotter.example>')).toBeTruthy();
    fireEvent.click(within(form).getByRole('button', { name: 'Save email identity' }));
    await waitFor(() => expect(callsTo(server.fetchMock, 'PUT', '/api/gym-settings/email-identity/')).toHaveLength(1));
    expect(server.current().emailIdentity).toMatchObject({ senderName: 'Iron Temple Front Desk', replyTo: 'coach@iron.example' });
    expect(await screen.findByText(gymSettingsMessages.saved)).toBeTruthy();
  });

  it('refuses a bad sender name on the form without calling the server', async () => {
    const server = stubSettingsServer(gymSettings());
    render(<GymSettingsPage />);
    const form = await screen.findByRole('form', { name: 'Email identity' });
    fireEvent.change(within(form).getByLabelText(/Sender name/), { target: { value: '' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Save email identity' }));
    expect(await within(form).findByText(senderNameMessages.required)).toBeTruthy();
    expect(callsTo(server.fetchMock, 'PUT', '/api/gym-settings/')).toHaveLength(0);
  });

  it('puts the server’s field messages on the profile form', async () => {
    stubSettingsServer(gymSettings(), (url) =>
      url.endsWith('/profile/')
        ? jsonResponse(
            { message: 'Please check the fields.', code: 'validation_error', fields: { 'address.region': [gymSettingsMessages.regionInvalid] } },
            400,
          )
        : undefined,
    );
    render(<GymSettingsPage />);
    const form = await screen.findByRole('form', { name: 'Gym profile' });
    fireEvent.click(within(form).getByRole('button', { name: 'Save profile' }));
    expect(await within(form).findByText(gymSettingsMessages.regionInvalid)).toBeTruthy();
  });

  it('warns what a time-zone change moves before it is saved', async () => {
    const server = stubSettingsServer(gymSettings());
    render(<GymSettingsPage />);
    const form = await screen.findByRole('form', { name: 'Region' });
    expect(within(form).queryByText(/Booked classes and appointments keep their times in UTC/)).toBeNull();
    fireEvent.change(within(form).getByLabelText('Country'), { target: { value: 'CA' } });
    expect(within(form).getByText(/county, state or province and its postcode are cleared/)).toBeTruthy();
    fireEvent.click(within(form).getByRole('button', { name: 'Save region' }));
    await waitFor(() => expect(callsTo(server.fetchMock, 'PUT', '/api/gym-settings/region/')).toHaveLength(1));
    expect(server.current()).toMatchObject({ country: 'CA', timeZone: 'America/Chicago' });
  });

  it('pays cancelled classes only when the payroll switch is saved on (issue 37)', async () => {
    const server = stubSettingsServer(gymSettings());
    render(<GymSettingsPage />);
    const payroll = await screen.findByRole('form', { name: 'Payroll' });
    const toggle = within(payroll).getByRole('switch', { name: /Pay cancelled classes/ });
    expect((toggle as HTMLInputElement).checked).toBe(false);
    fireEvent.click(toggle);
    fireEvent.click(within(payroll).getByRole('button', { name: 'Save payroll' }));
    await waitFor(() => expect(server.current().payroll.payCancelledClasses).toBe(true));
    expect(callsTo(server.fetchMock, 'PUT', '/api/gym-settings/payroll/')).toHaveLength(1);
    expect(JSON.parse(callsTo(server.fetchMock, 'PUT', '/api/gym-settings/payroll/')[0]![1]!.body as string)).toEqual({ payCancelledClasses: true });
  });

  it('saves the kiosk switches and the tax settings', async () => {
    const server = stubSettingsServer(gymSettings());
    render(<GymSettingsPage />);
    const kiosk = await screen.findByRole('form', { name: 'Kiosk' });
    fireEvent.click(within(kiosk).getByRole('switch', { name: /Allow walk-ins without a package/ }));
    fireEvent.click(within(kiosk).getByRole('button', { name: 'Save kiosk' }));
    await waitFor(() => expect(server.current().kiosk.allowWalkInsWithoutPackage).toBe(false));
    const tax = screen.getByRole('form', { name: 'Tax' });
    fireEvent.click(within(tax).getByRole('switch', { name: /Prices include tax/ }));
    fireEvent.click(within(tax).getByRole('button', { name: 'Save tax' }));
    await waitFor(() => expect(server.current().isTaxInclusive).toBe(true));
  });

  it('saves the self check-in window (issue 32), refusing minutes outside 0 to a day on the field before sending', async () => {
    const server = stubSettingsServer(gymSettings());
    render(<GymSettingsPage />);
    const kiosk = await screen.findByRole('form', { name: 'Kiosk' });
    const opens = within(kiosk).getByRole('textbox', { name: /Opens/ });
    expect((opens as HTMLInputElement).value).toBe('60');
    fireEvent.change(opens, { target: { value: '1441' } });
    fireEvent.click(within(kiosk).getByRole('button', { name: 'Save kiosk' }));
    expect(await within(kiosk).findByText(selfCheckInMessages.minutes)).toBeTruthy();
    expect(callsTo(server.fetchMock, 'PUT', '/api/gym-settings/kiosk/')).toHaveLength(0);
    fireEvent.change(opens, { target: { value: '90' } });
    fireEvent.change(within(kiosk).getByRole('textbox', { name: /Closes/ }), { target: { value: '15' } });
    fireEvent.click(within(kiosk).getByRole('button', { name: 'Save kiosk' }));
    await waitFor(() => expect(server.current().kiosk).toMatchObject({ selfCheckInOpensMinutes: 90, selfCheckInClosesMinutes: 15 }));
  });

  it('hides the sales portal and payments of a demo gym; says when the caller may not', async () => {
    stubSettingsServer(gymSettings({ isDemo: true }));
    render(<GymSettingsPage />);
    await screen.findByRole('form', { name: 'Kiosk' });
    expect(screen.queryByRole('heading', { name: 'Sales portal' })).toBeNull();
    expect(screen.queryByRole('heading', { name: 'Payments' })).toBeNull();
  });

  it('says so when the settings cannot be read', async () => {
    stubFetch((url) => (url.includes('/api/gym-settings/') ? jsonResponse({ message: 'Forbidden', code: 'forbidden' }, 403) : undefined));
    render(<GymSettingsPage />);
    expect(await screen.findByText('You do not have permission to change the gym’s settings.')).toBeTruthy();
  });
});
