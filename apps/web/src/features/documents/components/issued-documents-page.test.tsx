import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { documentIntegrityMessages, type DocumentDetail, type DocumentRow, type Gym, type Session } from '@spotter/shared';
import { axeViolations } from '../../../testing/axe';
import { buildSession } from '../../../testing/factories';
import { render } from '../../../testing/render';
import { bodyOf, callsTo, jsonResponse, stubFetch, type FetchHandler } from '../../../testing/stub-fetch';
import { IssuedDocumentsPage } from './issued-documents-page';

afterEach(() => vi.unstubAllGlobals());

// mantine-datatable shows a column while matchMedia(its visibleMediaQuery, '' when none) matches.
const { matchMedia } = window;
beforeAll(() => {
  window.matchMedia = (query: string) => ({ ...matchMedia(query), matches: query === '' });
});
afterAll(() => {
  window.matchMedia = matchMedia;
});

const GYM_ID = '22222222-2222-4222-8222-222222222222';
let n = 0;
const uuid = () => `77777777-7777-4777-8777-${String(++n).padStart(12, '0')}`;
const session = (role: 'owner' | 'staff' = 'owner'): Session =>
  buildSession({
    role,
    gym: { gymId: GYM_ID, title: 'Iron Temple Barbell', stripeStatus: 'Active', stripeAccountType: 'standard', ghlV2Enabled: false } as Session['gym'],
    profile: { profileId: uuid() },
  });
const gym: Gym = {
  gymId: GYM_ID,
  title: 'Iron Temple Barbell',
  email: null,
  profilePicture: null,
  country: 'US',
  timeZone: 'America/Chicago',
  isTaxInclusive: false,
  eventSettings: { classes: { taxRate: null } },
};

const carlaId = uuid();
const templateId = uuid();
const row = (o: Partial<DocumentRow> = {}): DocumentRow => ({
  documentId: uuid(),
  title: 'Liability Waiver',
  type: 'waiver',
  state: 'unsigned',
  source: 'sign_up',
  athlete: { athleteId: carlaId, fullName: 'Carla Diaz' },
  templateId,
  version: 1,
  issuedAt: '2026-03-01T15:00:00.000Z',
  signedAt: null,
  voidedAt: null,
  lastRemindedAt: null,
  reminderCount: 0,
  signerName: null,
  ...o,
});
const unsigned = row();
const signed = row({
  title: 'Membership Contract',
  type: 'contract',
  state: 'signed',
  signedAt: '2026-03-02T16:30:00.000Z',
  signerName: 'Carla Diaz',
  athlete: { athleteId: uuid(), fullName: 'Ben Ode' },
});
const detailOf = (r: DocumentRow, o: Partial<DocumentDetail> = {}): DocumentDetail => ({
  ...r,
  content: '<p>I, Carla Diaz, train at Iron Temple Barbell.</p>',
  contentSha256: 'a'.repeat(64),
  requiresSignature: true,
  initialFields: [],
  signature: null,
  voidReason: null,
  integrity: { state: 'unsigned', message: '', recordedSha256: null, computedSha256: null },
  canSign: false,
  ...o,
});
const signedDetail = detailOf(signed, {
  signature: {
    relation: 'guardian',
    signerName: 'Dana Ode',
    athleteName: 'Ben Ode',
    method: 'typed',
    signatureImage: null,
    typedName: 'Dana Ode',
    initials: [],
    via: 'front_desk',
    contentSha256: 'b'.repeat(64),
    ip: '203.0.113.9',
    userAgent: 'Mozilla/5.0 Tablet',
    signedAt: '2026-03-02T16:30:00.000Z',
  },
});
const page = (results: DocumentRow[]) => ({ count: results.length, next: null, previous: null, results });

function stub(handler: FetchHandler = () => undefined) {
  return stubFetch((url, init) => {
    if (url === `/api/gyms/${GYM_ID}/`) return jsonResponse(gym);
    const answer = handler(url, init);
    if (answer) return answer;
    if (url.startsWith('/api/documents/?')) return jsonResponse(page([unsigned, signed]));
    if (url === '/api/documents/templates/') return jsonResponse([]);
    if (url === `/api/documents/${unsigned.documentId}/`) return jsonResponse(detailOf(unsigned));
    if (url === `/api/documents/${signed.documentId}/`) return jsonResponse(signedDetail);
    return undefined;
  });
}
const lastListUrl = (fetchMock: ReturnType<typeof stub>) => String(callsTo(fetchMock, 'GET', '/api/documents/?').at(-1)![0]);

describe('IssuedDocumentsPage (issue 20, /documents/issued)', () => {
  it('shows skeletons, then the documents with their state, and asks the server again for filters and a search', async () => {
    let answer: ((r: Response) => void) | undefined;
    const fetchMock = stub((url) => (url.startsWith('/api/documents/?') && !answer ? new Promise<Response>((resolve) => (answer = resolve)) : undefined));
    render(<IssuedDocumentsPage />, { session: session(), route: '/documents/issued' });
    expect((await screen.findAllByTestId('skeleton-row')).length).toBeGreaterThan(0);
    await waitFor(() => expect(answer).toBeDefined());
    answer!(jsonResponse(page([unsigned, signed])));
    const title = await screen.findByRole('button', { name: 'Liability Waiver' });
    const tr = within(title.closest('tr') as HTMLElement);
    expect(tr.getByText('Carla Diaz')).toBeTruthy();
    expect(tr.getByText('Unsigned')).toBeTruthy();
    expect(within(screen.getByRole('button', { name: 'Membership Contract' }).closest('tr') as HTMLElement).getByText('Signed')).toBeTruthy();
    fireEvent.click(screen.getByRole('combobox', { name: 'State' }));
    fireEvent.click(await screen.findByRole('option', { name: 'Signed' }));
    await waitFor(() => expect(lastListUrl(fetchMock)).toContain('state=signed'));
    fireEvent.change(screen.getByRole('searchbox', { name: 'Search' }), { target: { value: 'waiver' } });
    await waitFor(() => expect(lastListUrl(fetchMock)).toContain('search=waiver'));
    fireEvent.click(screen.getByRole('button', { name: 'Carla Diaz' }));
    await waitFor(() => expect(lastListUrl(fetchMock)).toContain(`athleteId=${carlaId}`));
  });

  it('opens a signed document with its signature and audit facts, in the gym’s zone', async () => {
    stub();
    render(<IssuedDocumentsPage />, { session: session(), route: '/documents/issued' });
    fireEvent.click(await screen.findByRole('button', { name: 'Membership Contract' }));
    const drawer = within(await screen.findByRole('dialog', { name: 'Document' }));
    const audit = within(await drawer.findByRole('region', { name: 'Signature and audit trail' }));
    expect(audit.getByText('Dana Ode (parent or guardian of Ben Ode)')).toBeTruthy();
    expect(audit.getByText('03/02/2026 10:30')).toBeTruthy();
    expect(audit.getByText('203.0.113.9')).toBeTruthy();
    expect(audit.getByText('Mozilla/5.0 Tablet')).toBeTruthy();
    expect(audit.getByText('Front-desk device')).toBeTruthy();
    expect(audit.getByText('b'.repeat(64))).toBeTruthy();
    expect(drawer.getByRole('button', { name: 'Download PDF' })).toBeTruthy();
    expect(drawer.queryByRole('button', { name: 'Void' })).toBeNull();
  });

  it('lets an owner Verify a signed document and shows the verdict with when it ran (issue 32); staff get no Verify', async () => {
    const fetchMock = stub((url) =>
      url === `/api/documents/${signed.documentId}/verify/`
        ? jsonResponse({
            documentId: signed.documentId,
            state: 'intact',
            message: documentIntegrityMessages.intact,
            recordedSha256: 'b'.repeat(64),
            computedSha256: 'b'.repeat(64),
            checkedAt: '2026-03-04T20:30:00.000Z',
          })
        : undefined,
    );
    const view = render(<IssuedDocumentsPage />, { session: session(), route: '/documents/issued' });
    fireEvent.click(await screen.findByRole('button', { name: 'Membership Contract' }));
    const drawer = within(await screen.findByRole('dialog', { name: 'Document' }));
    fireEvent.click(await drawer.findByRole('button', { name: 'Verify' }));
    expect(await drawer.findByText(documentIntegrityMessages.intact)).toBeTruthy();
    expect(drawer.getByText('Checked 03/04/2026 14:30.')).toBeTruthy();
    expect(callsTo(fetchMock, 'GET', `/api/documents/${signed.documentId}/verify/`)).toHaveLength(1);
    expect(await axeViolations()).toEqual([]);
    view.unmount();
    render(<IssuedDocumentsPage />, { session: session('staff'), route: '/documents/issued' });
    fireEvent.click(await screen.findByRole('button', { name: 'Membership Contract' }));
    const staffDrawer = within(await screen.findByRole('dialog', { name: 'Document' }));
    await staffDrawer.findByRole('region', { name: 'Signature and audit trail' });
    expect(staffDrawer.queryByRole('button', { name: 'Verify' })).toBeNull();
  });

  it('says plainly when a signed document no longer matches its hash, and Verify says so too', async () => {
    const altered = { state: 'altered' as const, message: documentIntegrityMessages.altered, recordedSha256: 'b'.repeat(64), computedSha256: 'c'.repeat(64) };
    stub((url) => {
      if (url === `/api/documents/${signed.documentId}/`) return jsonResponse({ ...signedDetail, integrity: altered });
      if (url === `/api/documents/${signed.documentId}/verify/`)
        return jsonResponse({ ...altered, documentId: signed.documentId, checkedAt: '2026-03-04T20:30:00.000Z' });
      return undefined;
    });
    render(<IssuedDocumentsPage />, { session: session(), route: '/documents/issued' });
    fireEvent.click(await screen.findByRole('button', { name: 'Membership Contract' }));
    const drawer = within(await screen.findByRole('dialog', { name: 'Document' }));
    const alert = await drawer.findByRole('alert');
    expect(alert.textContent).toContain(documentIntegrityMessages.altered);
    expect(alert.textContent).toContain(`Stored content now: ${'c'.repeat(64)}`);
    fireEvent.click(drawer.getByRole('button', { name: 'Verify' }));
    expect(await drawer.findByText('Altered')).toBeTruthy();
    expect(await axeViolations()).toEqual([]);
  });

  it('reminds and voids an unsigned document with a reason', async () => {
    const fetchMock = stub((url, init) => {
      if (url === `/api/documents/${unsigned.documentId}/remind/` && init.method === 'POST') return jsonResponse({ detail: 'Reminder sent.' });
      if (url === `/api/documents/${unsigned.documentId}/void/` && init.method === 'POST')
        return jsonResponse(detailOf(unsigned, { state: 'voided', voidReason: 'Wrong athlete' }));
      return undefined;
    });
    render(<IssuedDocumentsPage />, { session: session(), route: '/documents/issued' });
    fireEvent.click(await screen.findByRole('button', { name: 'Liability Waiver' }));
    const drawer = within(await screen.findByRole('dialog', { name: 'Document' }));
    expect(await drawer.findByText('I, Carla Diaz, train at Iron Temple Barbell.')).toBeTruthy();
    fireEvent.click(drawer.getByRole('button', { name: 'Send reminder' }));
    await waitFor(() => expect(callsTo(fetchMock, 'POST', `/api/documents/${unsigned.documentId}/remind/`)).toHaveLength(1));
    fireEvent.click(drawer.getByRole('button', { name: 'Void' }));
    const modal = within(await screen.findByRole('dialog', { name: 'Void “Liability Waiver”?' }));
    fireEvent.change(modal.getByRole('textbox', { name: /Reason/ }), { target: { value: 'Wrong athlete' } });
    fireEvent.click(modal.getByRole('button', { name: 'Void document' }));
    await waitFor(() => expect(bodyOf(fetchMock, `/api/documents/${unsigned.documentId}/void/`)).toEqual({ reason: 'Wrong athlete' }));
  });

  it('says what to do when nothing is issued yet', async () => {
    stub((url) => (url.startsWith('/api/documents/?') ? jsonResponse(page([])) : undefined));
    render(<IssuedDocumentsPage />, { session: session(), route: '/documents/issued' });
    expect(await screen.findByText(/No documents issued yet/)).toBeTruthy();
  });
});
