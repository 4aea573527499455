import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { PROFILE_PICTURE_TOO_LARGE_MESSAGE, messages, zipCodeMessages, type Athlete, type KiloStaff, type Session, type Staff } from '@spotter/shared';
import { render } from '../../../testing/render';
import { buildSession } from '../../../testing/factories';
import { jsonResponse, stubFetch } from '../../../testing/stub-fetch';
import { AccountPanel } from './account-panel';
import { DOB_IN_FUTURE_MESSAGE } from './account-form-rules';

const STAFF_ID = '44444444-4444-4444-8444-444444444444';
const KILO_ID = '55555555-5555-4555-8555-555555555555';
const ATHLETE_ID = '33333333-3333-4333-8333-333333333333';

const buildStaff = (overrides: Partial<Staff> = {}): Staff => ({
  staffId: STAFF_ID,
  email: 'staff@example.com',
  firstName: 'Jamie',
  lastName: 'Rivera',
  fullName: 'Jamie Rivera',
  phone: '3125550123',
  dob: '1990-03-04',
  isCoach: true,
  isOwner: false,
  gender: 'Female',
  address: { addressLines: ['1 Main St'], locality: 'Chicago', region: 'Illinois', zipCode: '60607', country: 'US' },
  emergencyName: 'Pat Rivera',
  emergencyPhone: '',
  medicalNotes: '',
  profilePicture: null,
  ...overrides,
});

type Call = { url: string; method: string; body: unknown };

/** Answers GETs with `staff`, PUTs by echoing the update into it, uploads with a URL. */
function stubServer(options: { staff?: Staff; kiloStaff?: KiloStaff; athlete?: Athlete; put?: (body: Record<string, unknown>) => Response } = {}) {
  document.cookie = 'csrftoken=t; path=/';
  let staff = options.staff ?? buildStaff();
  const calls: Call[] = [];
  stubFetch((url, init) => {
    const method = init.method ?? 'GET';
    const body = typeof init.body === 'string' ? (JSON.parse(init.body) as Record<string, unknown>) : init.body;
    calls.push({ url, method, body });
    if (url.endsWith('/profile-picture/')) return jsonResponse({ url: '/media/new.png' });
    if (method === 'PUT') {
      if (options.put) return options.put(body as Record<string, unknown>);
      if (url === '/api/staff/self/') {
        staff = { ...staff, ...(body as Partial<Staff>), fullName: `${(body as Staff).firstName} ${(body as Staff).lastName}` };
        return jsonResponse(staff);
      }
      return jsonResponse({ ...(options.kiloStaff ?? options.athlete), ...(body as object) });
    }
    if (url === '/api/staff/self') return jsonResponse(staff);
    if (url === '/api/kilo-staff/self') return jsonResponse(options.kiloStaff);
    if (url.startsWith('/api/athletes/')) return jsonResponse(options.athlete);
    return undefined;
  });
  return calls;
}

const ownerSession = buildSession({ role: 'owner', staff: { staffId: STAFF_ID, permissions: [] } });
const staffSession = buildSession({ role: 'staff', staff: { staffId: STAFF_ID, permissions: ['Kiosk'] } });

async function renderPanel(session: Session) {
  render(<AccountPanel session={session} />, { session });
  await screen.findByRole('button', { name: 'Edit' });
}

const input = (label: string | RegExp) => screen.getByLabelText(label) as HTMLInputElement;
const type = (label: string | RegExp, value: string) => fireEvent.change(input(label), { target: { value } });
const save = () => fireEvent.click(screen.getByRole('button', { name: 'Save' }));
const putOf = (calls: Call[]) => calls.find((c) => c.method === 'PUT')?.body as Record<string, unknown> | undefined;
const view = () => document.querySelector('dl') as HTMLElement;

afterEach(() => vi.unstubAllGlobals());

describe('staff account panel (spec 2.13 / 5)', () => {
  it('is read-only at first; Edit switches to editing and Cancel restores the saved values', async () => {
    stubServer();
    await renderPanel(staffSession);
    expect(screen.queryByRole('textbox', { name: /First name/ })).toBeNull();
    expect(within(view()).getByText('+1 312 555 0123')).toBeTruthy();
    expect(within(view()).getByText('Mar 4, 1990')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Edit' }));
    expect(input(/First name/).value).toBe('Jamie');
    expect(input('Email').disabled).toBe(true);
    type(/First name/, 'Changed');
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));

    expect(within(view()).getByText('Jamie')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Edit' }));
    expect(input(/First name/).value).toBe('Jamie');
  });

  it('shows the validation messages and sends nothing', async () => {
    const calls = stubServer();
    await renderPanel(staffSession);
    fireEvent.click(screen.getByRole('button', { name: 'Edit' }));
    type(/First name/, '  ');
    type(/Last name/, 'Rivera!');
    type('Phone', 'call me');
    type('Date of birth', '2099-01-01');
    type('ZIP code', '123');
    save();
    expect(await screen.findByText(messages.nameRequired)).toBeTruthy();
    expect(screen.getByText(messages.nameInvalid)).toBeTruthy();
    expect(screen.getByText(messages.phoneInvalid)).toBeTruthy();
    expect(screen.getByText(DOB_IN_FUTURE_MESSAGE)).toBeTruthy();
    expect(screen.getByText(zipCodeMessages.US)).toBeTruthy();
    expect(putOf(calls)).toBeUndefined();
  });

  it('saves phones as digits (or empty at 10 characters or fewer), upper-cases the zip, and shows the new values', async () => {
    const calls = stubServer();
    await renderPanel(staffSession);
    fireEvent.click(screen.getByRole('button', { name: 'Edit' }));
    type('Phone', '+44 7700 900123');
    type('Emergency contact phone', '+1 312');
    fireEvent.change(input('Country'), { target: { value: 'CA' } });
    fireEvent.change(input('Province'), { target: { value: 'Ontario' } });
    type('Postal code', 'm5v3l9');
    expect(input('Postal code').value).toBe('M5V 3L9');
    save();
    expect(await screen.findByText('Account details updated successfully')).toBeTruthy();
    const body = putOf(calls)!;
    expect(body.phone).toBe('447700900123');
    expect(body.emergencyPhone).toBe('');
    expect(body.address).toEqual({ addressLines: ['1 Main St'], locality: 'Chicago', region: 'Ontario', zipCode: 'M5V 3L9', country: 'CA' });
    expect(body).not.toHaveProperty('isCoach');
    await waitFor(() => expect(within(view()).getByText('+44 7700 900123')).toBeTruthy());
  });

  it('changing the country clears region and zip code', async () => {
    stubServer();
    await renderPanel(staffSession);
    fireEvent.click(screen.getByRole('button', { name: 'Edit' }));
    expect(input('State').value).toBe('Illinois');
    expect(input('ZIP code').value).toBe('60607');
    fireEvent.change(input('Country'), { target: { value: 'GB' } });
    expect(input('County').value).toBe('');
    expect(input('Postcode').value).toBe('');
    // The UK's counties come grouped by nation.
    expect(input('County').querySelector('optgroup[label="Scotland"] option[value="Fife"]')).toBeTruthy();
  });

  it('shows the coach checkbox only to an owner, and only an owner sends it', async () => {
    stubServer();
    await renderPanel(staffSession);
    fireEvent.click(screen.getByRole('button', { name: 'Edit' }));
    expect(screen.queryByRole('checkbox', { name: 'Coach' })).toBeNull();
  });

  it('an owner edits the coach flag', async () => {
    const calls = stubServer();
    await renderPanel(ownerSession);
    expect(within(view()).getByText('Coach')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Edit' }));
    const coach = screen.getByRole('checkbox', { name: 'Coach' }) as HTMLInputElement;
    expect(coach.checked).toBe(true);
    fireEvent.click(coach);
    save();
    await screen.findByText('Account details updated successfully');
    expect(putOf(calls)!.isCoach).toBe(false);
  });

  it('a failed save shows the server’s field message once, on its field', async () => {
    stubServer({
      put: () =>
        jsonResponse(
          {
            message: 'Please provide a valid 5-digit ZIP code.',
            code: 'validation_error',
            fields: { 'address.zipCode': ['Please provide a valid 5-digit ZIP code.'] },
          },
          400,
        ),
    });
    await renderPanel(staffSession);
    fireEvent.click(screen.getByRole('button', { name: 'Edit' }));
    save();
    // Issue 34: shown once, on its field (not also as a notification).
    expect(await screen.findByText('Please provide a valid 5-digit ZIP code.')).toBeTruthy();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.getAllByText('Please provide a valid 5-digit ZIP code.')).toHaveLength(1);
    expect(screen.queryByText('Account details update failed')).toBeNull();
    expect(screen.getByRole('button', { name: 'Save' })).toBeTruthy();
  });
});

function chooseFile(file: File) {
  fireEvent.change(screen.getByLabelText('Profile picture file'), { target: { files: [file] } });
}

describe('profile picture upload (spec 5 / 6)', () => {
  it('refuses a file over 5,000,000 bytes before sending it', async () => {
    const calls = stubServer();
    await renderPanel(staffSession);
    chooseFile(new File([new Uint8Array(5_000_001)], 'big.png', { type: 'image/png' }));
    expect(await screen.findByText(PROFILE_PICTURE_TOO_LARGE_MESSAGE)).toBeTruthy();
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
  });

  it('uploads a staff picture to staff/{staffId} and reports success', async () => {
    const calls = stubServer();
    await renderPanel(staffSession);
    chooseFile(new File([new Uint8Array(10)], 'me.png', { type: 'image/png' }));
    expect(await screen.findByText('Profile picture upload success')).toBeTruthy();
    expect(calls.find((c) => c.method === 'POST')?.url).toBe(`/api/staff/${STAFF_ID}/profile-picture/`);
  });

  it("shows the server's reason when the upload fails", async () => {
    document.cookie = 'csrftoken=t; path=/';
    stubFetch((url) =>
      url.endsWith('/profile-picture/')
        ? jsonResponse({ message: 'Please select a PNG, JPEG, GIF or WebP image.', code: 'unsupported_media_type' }, 415)
        : jsonResponse(buildStaff()),
    );
    await renderPanel(staffSession);
    chooseFile(new File([new Uint8Array(10)], 'me.png', { type: 'image/png' }));
    expect(await screen.findByText('Profile picture upload failed')).toBeTruthy();
    expect(screen.getByText('Please select a PNG, JPEG, GIF or WebP image.')).toBeTruthy();
  });
});

describe('platform staff and athlete panels', () => {
  it('platform staff edit their name, not their email, and upload to kilo-staff/{id}', async () => {
    const kiloStaff: KiloStaff = {
      kiloStaffId: KILO_ID,
      email: 'platform@example.com',
      firstName: 'Pat',
      lastName: 'Lee',
      fullName: 'Pat Lee',
      profilePicture: null,
      isSalesTeam: false,
    };
    const calls = stubServer({ kiloStaff });
    await renderPanel(buildSession({ role: 'kilo_staff', kiloStaff: { kiloStaffId: KILO_ID, isSalesTeam: false } }));
    fireEvent.click(screen.getByRole('button', { name: 'Edit' }));
    expect(input('Email').disabled).toBe(true);
    type(/Last name/, '');
    save();
    expect(await screen.findByText(messages.nameRequired)).toBeTruthy();
    type(/Last name/, 'Lopez');
    save();
    expect(await screen.findByText('Account details updated successfully')).toBeTruthy();
    expect(putOf(calls)).toEqual({ firstName: 'Pat', lastName: 'Lopez' });
    chooseFile(new File([new Uint8Array(10)], 'me.png', { type: 'image/png' }));
    await screen.findByText('Profile picture upload success');
    expect(calls.find((c) => c.method === 'POST')?.url).toBe(`/api/kilo-staff/${KILO_ID}/profile-picture/`);
  });

  it('athletes edit name, phone, birthday and gender and upload to athletes/{id}', async () => {
    const athlete: Athlete = {
      athleteId: ATHLETE_ID,
      firstName: 'Sam',
      lastName: 'Morgan',
      fullName: 'Sam Morgan',
      email: 'athlete@example.com',
      phone: '',
      dob: null,
      gender: null,
      profilePicture: null,
    };
    const calls = stubServer({ athlete });
    await renderPanel(buildSession({ role: 'athlete', athlete: { athleteId: ATHLETE_ID } }));
    fireEvent.click(screen.getByRole('button', { name: 'Edit' }));
    type('Phone', '(312) 555-0199');
    type('Birthday', '2001-02-03');
    fireEvent.change(input('Gender'), { target: { value: 'Non-binary/Non-conforming' } });
    save();
    expect(await screen.findByText('Account details updated successfully')).toBeTruthy();
    expect(calls.find((c) => c.method === 'PUT')).toMatchObject({
      url: `/api/athletes/${ATHLETE_ID}/`,
      body: { firstName: 'Sam', lastName: 'Morgan', phone: '3125550199', dob: '2001-02-03', gender: 'Non-binary/Non-conforming' },
    });
    chooseFile(new File([new Uint8Array(10)], 'me.png', { type: 'image/png' }));
    await screen.findByText('Profile picture upload success');
    expect(calls.find((c) => c.method === 'POST')?.url).toBe(`/api/athletes/${ATHLETE_ID}/profile-picture/`);
  });
});
