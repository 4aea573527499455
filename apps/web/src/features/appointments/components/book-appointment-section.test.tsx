import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import type { BookableAppointmentType } from '@spotter/shared';
import { render } from '../../../testing/render';
import { jsonResponse, stubFetch } from '../../../testing/stub-fetch';
import { BookAppointmentSection } from './book-appointment-section';

afterEach(() => vi.unstubAllGlobals());

const type = (o: Partial<BookableAppointmentType>): BookableAppointmentType => ({
  appointmentTypeId: '7a1d3c55-0000-4000-8000-000000000001',
  name: 'Personal Training',
  color: 'indigo',
  description: '',
  durationMinutes: 60,
  capacity: 1,
  priceMinor: 8500,
  taxRate: null,
  lateCancelCutoffMinutes: 1440,
  cancellationFeeMinor: 3000,
  coaches: [{ staffId: '7a1d3c55-0000-4000-8000-000000000005', fullName: 'Casey Coach' }],
  isCovered: true,
  ...o,
});

describe('BookAppointmentSection (issues 16 and 18)', () => {
  it('lists the bookable types, each to its booking flow, saying which need a package the athlete does not hold', async () => {
    stubFetch((url) =>
      url.includes('/schedule/appointment-types/')
        ? jsonResponse({
            timeZone: 'America/Chicago',
            country: 'US',
            isTaxInclusive: false,
            results: [type({}), type({ appointmentTypeId: '7a1d3c55-0000-4000-8000-000000000002', name: 'Nutrition Consult', isCovered: false })],
          })
        : undefined,
    );
    render(<BookAppointmentSection />);
    const list = await screen.findByRole('list', { name: 'Appointment types' });
    const [pt, nutrition] = within(list).getAllByRole('link');
    expect(pt!.getAttribute('href')).toBe('/appointments/7a1d3c55-0000-4000-8000-000000000001');
    expect(pt!.textContent).not.toContain('Needs a package');
    expect(nutrition!.textContent).toContain('Nutrition Consult');
    expect(nutrition!.textContent).toContain('Needs a package');
  });

  it('issue 34: a free type that needs a package does not also say Free', async () => {
    stubFetch((url) =>
      url.includes('/schedule/appointment-types/')
        ? jsonResponse({
            timeZone: 'America/Chicago',
            country: 'US',
            isTaxInclusive: false,
            results: [
              type({ name: 'Intro Session', priceMinor: 0, isCovered: false }),
              type({ appointmentTypeId: '7a1d3c55-0000-4000-8000-000000000002', name: 'Open Consult', priceMinor: 0, isCovered: true }),
            ],
          })
        : undefined,
    );
    render(<BookAppointmentSection />);
    const [intro, open] = within(await screen.findByRole('list', { name: 'Appointment types' })).getAllByRole('link');
    expect(intro!.textContent).toContain('Needs a package');
    expect(intro!.textContent).not.toContain('Free');
    expect(intro!.textContent).toContain('No charge with a package');
    expect(open!.textContent).toContain('Free');
  });
});
