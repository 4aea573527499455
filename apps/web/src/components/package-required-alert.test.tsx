import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { render } from '../testing/render';
import { ApiError } from '../lib/api-client';
import { PackageRequiredAlert } from './package-required-alert';

describe('PackageRequiredAlert (issue 18)', () => {
  it("says why a booking was refused for want of a package and links to the gym's packages and the athlete's own", () => {
    render(<PackageRequiredAlert error={new ApiError(409, 'You need a package that covers this appointment to book it.', 'no_package')} />);
    const alert = screen.getByRole('alert');
    expect(alert.textContent).toContain('A package is needed to book this');
    expect(alert.textContent).toContain('You need a package that covers this appointment to book it.');
    expect(screen.getByRole('link', { name: 'Browse packages' }).getAttribute('href')).toBe('/packages/sales-portal');
    expect(screen.getByRole('link', { name: 'My packages' }).getAttribute('href')).toBe('/packages');
  });

  it('names a package that cannot pay for it, with the same ways on', () => {
    render(<PackageRequiredAlert error={new ApiError(409, 'Your PT 5-pack is on hold on this date.', 'on_hold')} />);
    expect(screen.getByRole('alert').textContent).toContain('Your package does not allow this booking');
    expect(screen.getByRole('alert').textContent).toContain('Your PT 5-pack is on hold on this date.');
    expect(screen.getByRole('link', { name: 'Browse packages' })).toBeTruthy();
  });

  it("says before booking that a package is needed, when none of the athlete's covers it", () => {
    render(<PackageRequiredAlert error={null} needsPackage of="appointment" />);
    expect(screen.getByText('A package is needed to book this')).toBeTruthy();
    expect(screen.getByText('You need a package that covers this appointment to book it.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Browse packages' }).getAttribute('href')).toBe('/packages/sales-portal');
    // Not an interruption: a note, there when the page opens.
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.getByRole('note').textContent).toContain('A package is needed to book this');
  });

  it('shows nothing for any other failure, or none', () => {
    render(
      <>
        <PackageRequiredAlert error={new ApiError(409, 'This time is no longer available.', 'slot_taken')} />
        <PackageRequiredAlert error={new ApiError(409, 'Please sign “Liability Waiver” before booking.', 'document_required')} />
        <PackageRequiredAlert error={null} />
      </>,
    );
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
