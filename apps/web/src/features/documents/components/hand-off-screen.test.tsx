import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { documentMessages, type DocumentDetail, type Session } from '@spotter/shared';
import { sessionQueryKey } from '../../auth';
import { render } from '../../../testing/render';
import { callsTo, jsonResponse, stubFetch } from '../../../testing/stub-fetch';
import { buildSession } from '../../../testing/factories';
import { SignDocumentDialog } from './hand-off-button';
import { HandOffScreen } from './hand-off-screen';

// jsdom has no canvas: signature_pad gets a 2D context whose drawing calls do nothing.
const noop = () => undefined;
const fakeContext = new Proxy({} as Record<string, unknown>, {
  get: (target, key) => (key in target ? target[key as string] : noop),
  set: (target, key, value) => ((target[key as string] = value), true),
});
beforeEach(() => {
  vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockReturnValue(fakeContext as unknown as CanvasRenderingContext2D);
});
afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  window.sessionStorage.clear();
});

const staffSession = (o: Partial<Session> = {}) =>
  buildSession({
    role: 'staff',
    gym: {
      gymId: '44444444-4444-4444-8444-444444444444',
      title: 'Iron Temple Barbell',
      stripeStatus: 'Active',
      stripeAccountType: 'standard',
      ghlV2Enabled: false,
    } as Session['gym'],
    profile: { profileId: '55555555-5555-4555-8555-555555555555' },
    staff: { staffId: '66666666-6666-4666-8666-666666666666', permissions: ['Kiosk'] },
    ...o,
  });
const DOC = '11111111-1111-4111-8111-111111111111';
const ATHLETE = '22222222-2222-4222-8222-222222222222';
const PARENT = '33333333-3333-4333-8333-333333333333';

const detail = (o: Partial<DocumentDetail> = {}): DocumentDetail => ({
  documentId: DOC,
  title: 'Liability Waiver',
  type: 'waiver',
  state: 'unsigned',
  source: 'sign_up',
  athlete: { athleteId: ATHLETE, fullName: 'Sam Walker' },
  templateId: null,
  version: 1,
  issuedAt: '2026-05-01T10:00:00.000Z',
  signedAt: null,
  voidedAt: null,
  lastRemindedAt: null,
  reminderCount: 0,
  signerName: null,
  content: '<p>I, Sam Walker, agree to train at my own risk.</p>',
  contentSha256: 'a'.repeat(64),
  requiresSignature: true,
  initialFields: [],
  signature: null,
  voidReason: null,
  integrity: { state: 'unsigned', message: '', recordedSha256: null, computedSha256: null },
  canSign: true,
  ...o,
});
const signedDetail = detail({
  state: 'signed',
  signedAt: '2026-05-04T10:00:00.000Z',
  canSign: false,
  signature: {
    relation: 'guardian',
    signerName: 'Pat Walker',
    athleteName: 'Sam Walker',
    method: 'typed',
    signatureImage: null,
    typedName: 'Pat Walker',
    initials: [],
    via: 'front_desk',
    contentSha256: 'a'.repeat(64),
    ip: null,
    userAgent: null,
    signedAt: '2026-05-04T10:00:00.000Z',
  },
});

describe('HandOffScreen', () => {
  it('shows only the document; a parent signs for the athlete, then the device is to be handed back', async () => {
    window.sessionStorage.setItem(
      'spotter.handOff',
      JSON.stringify({ documentId: DOC, returnTo: '/kiosk', parents: [{ athleteId: PARENT, fullName: 'Pat Walker' }] }),
    );
    let signed = false;
    const fetchMock = stubFetch((url, init) => {
      if (url.endsWith('/api/hand-off/') && (init.method ?? 'GET') === 'GET')
        return jsonResponse({ document: signed ? signedDetail : detail(), returnTo: null });
      if (url.endsWith('/api/hand-off/sign/')) {
        signed = true;
        return jsonResponse({ document: signedDetail, returnTo: null });
      }
      return undefined;
    });
    render(<HandOffScreen documentId={DOC} />, { session: staffSession({ signingDocumentId: DOC }) });
    expect(await screen.findByRole('heading', { level: 1, name: 'Liability Waiver' })).toBeTruthy();
    expect(screen.getByText(/agree to train at my own risk/)).toBeTruthy();
    // No navigation of the app: only the document and the discreet staff button.
    expect(screen.queryByRole('navigation')).toBeNull();

    fireEvent.click(screen.getAllByLabelText('Signed by')[0]!);
    fireEvent.click(await screen.findByRole('option', { name: 'Pat Walker (parent or guardian)' }));
    fireEvent.click(screen.getByRole('radio', { name: 'Type your name' }));
    fireEvent.change(screen.getByRole('textbox', { name: 'Full name' }), { target: { value: 'Pat Walker' } });
    fireEvent.click(screen.getByRole('checkbox'));
    fireEvent.click(screen.getByRole('button', { name: 'Sign document' }));

    expect(await screen.findByText(documentMessages.handOffEnded)).toBeTruthy();
    const [call] = callsTo(fetchMock, 'POST', '/api/hand-off/sign/');
    expect(JSON.parse(call![1].body as string)).toMatchObject({
      method: 'typed',
      typedName: 'Pat Walker',
      guardianAthleteId: PARENT,
      agreed: true,
      contentSha256: 'a'.repeat(64),
    });
  });

  it('"Staff: end" asks for the password; a wrong one keeps the lock, the right one ends it', async () => {
    let tries = 0;
    stubFetch((url, init) => {
      if (url.endsWith('/api/hand-off/') && (init.method ?? 'GET') === 'GET') return jsonResponse({ document: detail(), returnTo: null });
      if (url.endsWith('/api/hand-off/end/')) {
        tries += 1;
        return tries === 1
          ? jsonResponse({ message: documentMessages.unlockPassword, code: 'validation_error', fields: { password: [documentMessages.unlockPassword] } }, 400)
          : jsonResponse({ detail: 'ok' });
      }
      return undefined;
    });
    const { queryClient } = render(<HandOffScreen documentId={DOC} />, { session: staffSession({ signingDocumentId: DOC }) });
    await screen.findByRole('heading', { level: 1, name: 'Liability Waiver' });
    fireEvent.click(screen.getByRole('button', { name: 'Staff: end' }));
    const password = await screen.findByLabelText('Your password');
    fireEvent.change(password, { target: { value: 'wrong' } });
    fireEvent.click(screen.getByRole('button', { name: 'Unlock' }));
    expect(await screen.findByText(documentMessages.unlockPassword)).toBeTruthy();
    expect(queryClient.getQueryData<Session>(sessionQueryKey)?.signingDocumentId).toBe(DOC);
    fireEvent.change(password, { target: { value: 'Spotter123' } });
    fireEvent.click(screen.getByRole('button', { name: 'Unlock' }));
    await waitFor(() => expect(queryClient.getQueryData<Session>(sessionQueryKey)?.signingDocumentId).toBeNull());
  });
});

describe('SignDocumentDialog (the kiosk)', () => {
  it("lists the athlete's unsigned documents and hands the device over, keeping the parents for the locked screen", async () => {
    const fetchMock = stubFetch((url, init) => {
      if (url.includes('/api/documents/?')) {
        return jsonResponse({ count: 1, next: null, previous: null, results: [{ ...detail(), content: undefined }] });
      }
      if (url.endsWith(`/api/athletes/${ATHLETE}/family/`))
        return jsonResponse({ parents: [{ athleteId: PARENT, fullName: 'Pat Walker', email: null, profilePicture: null }], dependants: [] });
      if (url.endsWith(`/api/documents/${DOC}/hand-off/`) && init.method === 'POST') return jsonResponse({ document: detail(), returnTo: '/kiosk/x' });
      return undefined;
    });
    const { queryClient } = render(<SignDocumentDialog athleteId={ATHLETE} athleteName="Sam Walker" onClose={() => {}} returnTo="/kiosk/x" />, {
      session: staffSession(),
    });
    expect(await screen.findByText('Liability Waiver')).toBeTruthy();
    expect(String(callsTo(fetchMock, 'GET', '/api/documents/?')[0]![0])).toContain(`athleteId=${ATHLETE}`);
    fireEvent.click(screen.getByRole('button', { name: 'Hand over to sign' }));
    await waitFor(() => expect(queryClient.getQueryData<Session>(sessionQueryKey)?.signingDocumentId).toBe(DOC));
    expect(JSON.parse(window.sessionStorage.getItem('spotter.handOff')!)).toEqual({
      documentId: DOC,
      returnTo: '/kiosk/x',
      parents: [{ athleteId: PARENT, fullName: 'Pat Walker' }],
    });
  });
});
