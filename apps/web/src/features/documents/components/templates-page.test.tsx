import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, within } from '@testing-library/react';
import type { DocumentTemplateRow } from '@spotter/shared';
import { render } from '../../../testing/render';
import { buildSession } from '../../../testing/factories';
import { jsonResponse, stubFetch } from '../../../testing/stub-fetch';
import { TemplatesPage } from './templates-page';

afterEach(() => vi.unstubAllGlobals());

const row = (o: Partial<DocumentTemplateRow>): DocumentTemplateRow => ({
  templateId: '77777777-7777-4777-8777-000000000001',
  type: 'waiver',
  title: 'Liability Waiver',
  currentVersion: 3,
  requiredOnSignUp: true,
  requiredBeforeBooking: false,
  packageIds: [],
  archived: false,
  updatedAt: '2026-03-04T20:00:00.000Z',
  unsignedCount: 4,
  signedCount: 40,
  ...o,
});
const PACKAGE_ID = '77777777-7777-4777-8777-000000000009';
const unlimited = {
  packageId: PACKAGE_ID,
  name: 'Unlimited Monthly',
  kind: 'membership',
  category: 'Memberships',
  description: '',
  credits: null,
  sessionsLimit: null,
  sessionsPer: null,
  validityDays: null,
  limitPerDay: null,
  limitPerWeek: null,
  coversAllClassTypes: true,
  classTypeIds: [],
  coversAllAppointmentTypes: true,
  appointmentTypeIds: [],
  signUpFeeMinor: 0,
  taxRate: null,
  familySharing: false,
  showInPortal: false,
  portalOrder: 0,
  cancellationNoticeDays: 0,
  billingPlans: [],
  holders: 0,
  isArchived: false,
  archivedAt: null,
  inUse: false,
  createdAt: '2026-03-01T00:00:00.000Z',
};

describe('the templates page', { timeout: 60_000 }, () => {
  it('lists active templates with their rules and counts, and archived ones behind the filter', async () => {
    stubFetch((url) => {
      if (url === '/api/documents/templates/')
        return jsonResponse([
          row({}),
          row({
            templateId: '77777777-7777-4777-8777-000000000002',
            type: 'contract',
            title: 'Membership Contract',
            requiredOnSignUp: false,
            packageIds: [PACKAGE_ID],
            currentVersion: 1,
          }),
          row({ templateId: '77777777-7777-4777-8777-000000000003', type: 'policy', title: 'Old Policy', requiredOnSignUp: false, archived: true }),
        ]);
      if (url.startsWith('/api/packages/')) return jsonResponse({ count: 1, next: null, previous: null, results: [unlimited] });
      return undefined;
    });
    render(<TemplatesPage />, { session: buildSession({ role: 'owner' } as never), route: '/documents/templates' });
    const table = await screen.findByRole('table', { name: 'Document templates' });
    const waiver = (await within(table).findByText('Liability Waiver')).closest('tr')!;
    expect(within(waiver).getByText('On sign-up')).toBeTruthy();
    expect(within(waiver).getByText('v3')).toBeTruthy();
    const contract = within(table).getByText('Membership Contract').closest('tr')!;
    expect(await within(contract).findByText('On buying Unlimited Monthly')).toBeTruthy();
    expect(within(table).queryByText('Old Policy')).toBeNull();
    fireEvent.click(screen.getByRole('radio', { name: 'Archived' }));
    expect(await within(screen.getByRole('table', { name: 'Document templates' })).findByText('Old Policy')).toBeTruthy();
  });

  it('says what to do when there is none yet', async () => {
    stubFetch((url) =>
      url === '/api/documents/templates/'
        ? jsonResponse([])
        : url.startsWith('/api/packages/')
          ? jsonResponse({ count: 0, next: null, previous: null, results: [] })
          : undefined,
    );
    render(<TemplatesPage />, { session: buildSession({ role: 'owner' } as never), route: '/documents/templates' });
    expect(await screen.findByText(/No templates yet/)).toBeTruthy();
  });
});
