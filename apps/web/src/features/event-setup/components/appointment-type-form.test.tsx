import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { messages, setupMessages } from '@spotter/shared';
import { render } from '../../../testing/render';
import { bodyOf, callsTo, jsonResponse } from '../../../testing/stub-fetch';
import {
  AppointmentTypeForm,
  newAppointmentTypeValues,
  toAppointmentTypeInput,
  validateAppointmentTypeForm,
  type AppointmentTypeFormValues,
} from './appointment-type-form';
import { AppointmentTypesPage, coachesText } from './appointment-types-page';
import { buildAppointmentType, options, ownerSession, pageOf, stubSetupFetch } from './setup-test-fixtures';

afterEach(() => vi.unstubAllGlobals());

const valid: AppointmentTypeFormValues = { ...newAppointmentTypeValues, name: 'Nutrition Coaching' };
const errorsOf = (o: Partial<AppointmentTypeFormValues>) => validateAppointmentTypeForm({ ...valid, ...o });

describe('the appointment type form', () => {
  it('gives each rule its message on its field, and sends the price in minor units with the coaches', () => {
    expect(errorsOf({})).toEqual({});
    expect(errorsOf({ name: '' })).toEqual({ name: messages.nameRequired });
    expect(errorsOf({ durationMinutes: 0 })).toEqual({ durationMinutes: setupMessages.appointmentDurationMin });
    expect(errorsOf({ price: -1 })).toEqual({ price: setupMessages.priceNegative });
    expect(errorsOf({ bufferMinutes: 300 })).toEqual({ bufferMinutes: setupMessages.bufferMax });
    expect(errorsOf({ capacity: '' })).toEqual({ capacity: setupMessages.wholeNumber });
    expect(toAppointmentTypeInput({ ...valid, price: 45.5, coachIds: [options.coaches[1]!.staffId] })).toMatchObject({
      priceMinor: 4550,
      coachIds: [options.coaches[1]!.staffId],
      taxRateId: null,
    });
  });

  it('saves an edited type with its coaches and says how many appointments took the new fees', async () => {
    const type = buildAppointmentType({ name: 'Personal Training', upcomingCount: 2 });
    const fetchMock = stubSetupFetch((url, init) =>
      init.method === 'PUT' && url === `/api/appointment-types/${type.appointmentTypeId}/`
        ? jsonResponse({ appointmentType: { ...type, cancellationFeeMinor: 5000 }, eventsUpdated: 2 })
        : undefined,
    );
    document.cookie = 'csrftoken=t; path=/';
    render(
      <AppointmentTypeForm opened onClose={() => {}} appointmentType={type} country="US" isTaxInclusive={false} options={options} gymRateName="Sales Tax" />,
      {
        session: ownerSession(),
      },
    );
    const dialog = await screen.findByRole('dialog', { name: 'Edit Personal Training' });
    expect(within(dialog).getAllByText('Dana Whitfield').length).toBeGreaterThan(0);
    fireEvent.change(within(dialog).getByLabelText('Late cancel fee'), { target: { value: '50' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(callsTo(fetchMock, 'PUT', '/api/appointment-types/')).toHaveLength(1));
    expect(bodyOf(fetchMock, `/api/appointment-types/${type.appointmentTypeId}/`)).toMatchObject({
      name: 'Personal Training',
      cancellationFeeMinor: 5000,
      coachIds: [options.coaches[0]!.staffId],
      priceMinor: 8500,
    });
    expect(await screen.findByText('The new fees apply to 2 appointments still to come.')).toBeTruthy();
  });
});

describe('AppointmentTypesPage', () => {
  it('lists types with price, coaches and cancellation; an empty list says what to do next', async () => {
    expect(coachesText({ coaches: [] })).toBe('No coach yet');
    expect(coachesText({ coaches: [...options.coaches, { staffId: options.coaches[0]!.staffId, fullName: 'Third Coach' }] })).toBe(
      'Dana Whitfield, Marcus Reyes +1',
    );
    let empty = false;
    stubSetupFetch((url) => (url.startsWith('/api/appointment-types/?') ? jsonResponse(pageOf(empty ? [] : [buildAppointmentType()])) : undefined));
    const { unmount } = render(<AppointmentTypesPage />, { session: ownerSession() });
    const row = (await screen.findByText('Personal Training')).closest('tr') as HTMLElement;
    expect(within(row).getByText('$85.00')).toBeTruthy();
    expect(within(row).getByText('60 min + 10 min buffer')).toBeTruthy();
    expect(within(row).getByText('Dana Whitfield')).toBeTruthy();
    expect(within(row).getByText('Late cancel $30.00 · no-show $45.00')).toBeTruthy();
    expect(within(row).getByText('Late within 1 day of the start')).toBeTruthy();
    unmount();
    empty = true;
    render(<AppointmentTypesPage />, { session: ownerSession() });
    expect(await screen.findByText(/^No appointment types yet\./)).toBeTruthy();
  });
});
