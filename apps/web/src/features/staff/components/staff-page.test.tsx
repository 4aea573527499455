import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { Session, StaffMember } from '@spotter/shared';
import { render } from '../../../testing/render';
import { buildSession } from '../../../testing/factories';
import { bodyOf, callsTo, jsonResponse, stubFetch, type FetchHandler } from '../../../testing/stub-fetch';
import { permissionGroups } from '../lib/permission-groups';
import { StaffPage, permissionsSummary } from './staff-page';

afterEach(() => vi.unstubAllGlobals());

let n = 0;
const uuid = () => `55555555-5555-4555-8555-${String(++n).padStart(12, '0')}`;
const GYM = { gymId: uuid(), title: 'Iron Temple Barbell', stripeStatus: 'Active', stripeAccountType: 'standard', ghlV2Enabled: false } as Session['gym'];

function buildMember(o: Partial<StaffMember> = {}): StaffMember {
  const firstName = o.firstName ?? 'Dana';
  const lastName = o.lastName ?? 'Whitfield';
  return {
    staffId: uuid(),
    email: `${firstName.toLowerCase()}@example.com`,
    firstName,
    lastName,
    fullName: `${firstName} ${lastName}`,
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
    ...o,
  };
}

const sessionOf = (role: 'owner' | 'staff'): Session =>
  buildSession({ role, gym: GYM, profile: { profileId: uuid() }, staff: { staffId: uuid(), permissions: role === 'owner' ? [] : ['StaffView'] } });
const pageOf = (results: StaffMember[]) => ({ count: results.length, next: null, previous: null, results });

const dana = buildMember();
const invited = buildMember({ firstName: 'Ivy', lastName: 'Invite', hasLogin: false, isCoach: false, permissions: [] });
const olive = buildMember({ firstName: 'Olive', lastName: 'Owner', isOwner: true, permissions: [] });

function stub(handler: FetchHandler = () => undefined) {
  return stubFetch((url, init) => {
    const answer = handler(url, init);
    if (answer) return answer;
    if (url.startsWith('/api/staff/?')) return jsonResponse(pageOf([dana, invited, olive]));
    const one = [dana, invited, olive].find((m) => url === `/api/staff/${m.staffId}/`);
    if (one && (init.method ?? 'GET') === 'GET') return jsonResponse(one);
    return undefined;
  });
}
const renderAs = (role: 'owner' | 'staff') => render(<StaffPage />, { session: sessionOf(role), route: '/users/staff' });
const rowOf = (name: string) => screen.getByRole('button', { name: `Open ${name}` }).closest('tr') as HTMLElement;

describe('StaffPage (issue 17, spec 2.7 /users/staff)', () => {
  it('lists the staff with what each is and may open', async () => {
    stub();
    renderAs('owner');
    await screen.findByRole('button', { name: 'Open Dana Whitfield' });
    expect(within(rowOf('Dana Whitfield')).getByText('Kiosk, Athletes')).toBeTruthy();
    expect(within(rowOf('Dana Whitfield')).getByText('Coach')).toBeTruthy();
    expect(within(rowOf('Ivy Invite')).getByText('Invited')).toBeTruthy();
    expect(within(rowOf('Ivy Invite')).getByText('None')).toBeTruthy();
    expect(within(rowOf('Olive Owner')).getByText('Everything (owner)')).toBeTruthy();
    expect(screen.getByText('1–3 of 3')).toBeTruthy();
    expect(permissionsSummary(buildMember({ permissions: ['Kiosk', 'AthleteView', 'StaffView', 'GymMutate'] }))).toBe('Kiosk, Athletes, Staff +1');
  });

  it('asks the server with the search and the status, and says what to do when nothing is found', async () => {
    const fetchMock = stub((url) => (url.startsWith('/api/staff/?') && url.includes('search=') ? jsonResponse(pageOf([])) : undefined));
    renderAs('owner');
    await screen.findByRole('button', { name: 'Open Dana Whitfield' });
    fireEvent.change(screen.getByRole('searchbox', { name: 'Search staff' }), { target: { value: 'zed' } });
    expect(await screen.findByText('No results found')).toBeTruthy();
    expect(String(callsTo(fetchMock, 'GET', '/api/staff/?').at(-1)![0])).toBe('/api/staff/?status=active&limit=20&offset=0&search=zed');
    fireEvent.click(screen.getByText('Deactivated'));
    await waitFor(() => expect(String(callsTo(fetchMock, 'GET', '/api/staff/?').at(-1)![0])).toContain('status=deactivated'));
  });

  it('shows every permission of spec 6, grouped and explained, and an owner saves a change', async () => {
    const fetchMock = stub((url, init) =>
      init.method === 'PUT' && url === `/api/staff/${dana.staffId}/permissions/` ? jsonResponse({ ...dana, permissions: ['Kiosk'] }) : undefined,
    );
    document.cookie = 'csrftoken=t; path=/';
    renderAs('owner');
    fireEvent.click(await screen.findByRole('button', { name: 'Edit Dana Whitfield' }));
    const drawer = await screen.findByRole('dialog', { name: 'Dana Whitfield' });
    fireEvent.click(within(drawer).getByRole('tab', { name: 'Permissions' }));
    const boxes = await within(drawer).findAllByRole('checkbox');
    expect(boxes).toHaveLength(15);
    expect(permissionGroups.map((g) => g.label)).toEqual(['Front desk', 'People', 'Reports', 'Money', 'Payroll', 'Notifications', 'Settings']);
    expect(within(drawer).getByText('Set pay rates and assign them to staff.')).toBeTruthy();
    const athletes = within(drawer).getByRole('checkbox', { name: /^Athletes/ });
    expect((athletes as HTMLInputElement).checked).toBe(true);
    fireEvent.click(athletes);
    fireEvent.click(within(drawer).getByRole('button', { name: 'Save permissions' }));
    await waitFor(() => expect(callsTo(fetchMock, 'PUT', '/permissions/')).toHaveLength(1));
    expect(bodyOf(fetchMock, `/api/staff/${dana.staffId}/permissions/`)).toEqual({ permissions: ['Kiosk'] });
    expect(await screen.findByText('Permissions saved')).toBeTruthy();
  });

  it('shows StaffView staff the permissions read only, without the coach flag or deactivation, and says why', async () => {
    stub();
    renderAs('staff');
    fireEvent.click(await screen.findByRole('button', { name: 'Edit Dana Whitfield' }));
    const drawer = await screen.findByRole('dialog', { name: 'Dana Whitfield' });
    expect(within(drawer).queryByRole('checkbox', { name: 'Coach' })).toBeNull();
    expect(within(drawer).getByText('Coach: yes. Only an owner can change the coach flag.')).toBeTruthy();
    fireEvent.click(within(drawer).getByRole('tab', { name: 'Permissions' }));
    expect(await within(drawer).findByText(/Only an owner can change permissions/)).toBeTruthy();
    for (const box of within(drawer).getAllByRole('checkbox')) expect((box as HTMLInputElement).disabled).toBe(true);
    expect(within(drawer).queryByRole('button', { name: 'Save permissions' })).toBeNull();
    fireEvent.click(within(drawer).getByRole('tab', { name: 'Owner and access' }));
    expect(await within(drawer).findByText(/Only an owner can change permissions, the coach and owner flags/)).toBeTruthy();
    expect((within(drawer).getByRole('switch', { name: /Owner/ }) as HTMLInputElement).disabled).toBe(true);
    expect(within(drawer).queryByRole('button', { name: 'Deactivate…' })).toBeNull();
  });

  it('lets an owner deactivate after a confirmation that says they are logged out at once', async () => {
    const fetchMock = stub((url, init) =>
      init.method === 'POST' && url.endsWith('/deactivate/') ? jsonResponse({ ...dana, isActive: false, deactivatedAt: new Date().toISOString() }) : undefined,
    );
    document.cookie = 'csrftoken=t; path=/';
    renderAs('owner');
    fireEvent.click(await screen.findByRole('button', { name: 'Edit Dana Whitfield' }));
    const drawer = await screen.findByRole('dialog', { name: 'Dana Whitfield' });
    fireEvent.click(within(drawer).getByRole('tab', { name: 'Owner and access' }));
    fireEvent.click(await within(drawer).findByRole('button', { name: 'Deactivate…' }));
    const confirm = await screen.findByRole('dialog', { name: 'Deactivate Dana Whitfield?' });
    expect(confirm.textContent).toContain('is logged out at once');
    fireEvent.click(within(confirm).getByRole('button', { name: 'Deactivate' }));
    await waitFor(() => expect(callsTo(fetchMock, 'POST', `/api/staff/${dana.staffId}/deactivate/`)).toHaveLength(1));
    expect(await screen.findByText('Staff member deactivated')).toBeTruthy();
  });

  it('lets the email of an invitation not yet accepted be corrected, and not an activated login’s', async () => {
    stub();
    renderAs('staff');
    fireEvent.click(await screen.findByRole('button', { name: 'Edit Ivy Invite' }));
    const drawer = await screen.findByRole('dialog', { name: 'Ivy Invite' });
    expect((within(drawer).getByRole('textbox', { name: /Email/ }) as HTMLInputElement).disabled).toBe(false);
    fireEvent.click(within(drawer).getByRole('button', { name: 'Cancel' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Edit Dana Whitfield' }));
    const other = await screen.findByRole('dialog', { name: 'Dana Whitfield' });
    expect((within(other).getByRole('textbox', { name: /Email/ }) as HTMLInputElement).disabled).toBe(true);
  });

  it('invites by email with the form rules, and shows the server’s duplicate message on the field', async () => {
    const fetchMock = stub((url, init) =>
      init.method === 'POST' && url === '/api/staff/'
        ? jsonResponse(
            {
              message: 'A staff member with this email already exists.',
              code: 'validation_error',
              fields: { email: ['A staff member with this email already exists.'] },
            },
            400,
          )
        : undefined,
    );
    document.cookie = 'csrftoken=t; path=/';
    renderAs('staff');
    fireEvent.click(await screen.findByRole('button', { name: 'Invite staff' }));
    const modal = await screen.findByRole('dialog', { name: 'Invite staff' });
    expect(within(modal).queryByRole('checkbox', { name: /Coach/ })).toBeNull();
    fireEvent.click(within(modal).getByRole('button', { name: 'Send invitation' }));
    expect(await within(modal).findByText('Email field is required.')).toBeTruthy();
    expect(callsTo(fetchMock, 'POST', '/api/staff/')).toHaveLength(0);
    fireEvent.change(within(modal).getByRole('textbox', { name: /First name/ }), { target: { value: 'Dana' } });
    fireEvent.change(within(modal).getByRole('textbox', { name: /Last name/ }), { target: { value: 'Again' } });
    fireEvent.change(within(modal).getByRole('textbox', { name: /Email/ }), { target: { value: 'dana@example.com' } });
    fireEvent.click(within(modal).getByRole('button', { name: 'Send invitation' }));
    expect(await within(modal).findByText('A staff member with this email already exists.')).toBeTruthy();
    expect(bodyOf(fetchMock, '/api/staff/')).toEqual({
      firstName: 'Dana',
      lastName: 'Again',
      email: 'dana@example.com',
      phone: '',
      isCoach: false,
      permissions: [],
    });
  });
});
