import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import type { DocumentDetail, DocumentRow, Session } from '@spotter/shared';
import { buildSession } from '../../../testing/factories';
import { render } from '../../../testing/render';
import { bodyOf, callsTo, jsonResponse, stubFetch } from '../../../testing/stub-fetch';
import { MyDocumentsPage } from './my-documents-page';
import { MyDocumentDetailPage } from './my-documents-detail';

afterEach(() => vi.unstubAllGlobals());
beforeAll(() => {
  // jsdom draws nothing: signature_pad gets a context whose every method does nothing.
  const ctx = new Proxy(
    {},
    {
      get: (target: Record<string, unknown>, key: string) => (key in target ? target[key] : () => undefined),
      set: (target, key: string, v) => ((target[key] = v), true),
    },
  );
  HTMLCanvasElement.prototype.getContext = vi.fn(() => ctx) as unknown as typeof HTMLCanvasElement.prototype.getContext;
});

const GYM_ID = '22222222-2222-4222-8222-222222222222';
const ME = '66666666-6666-4666-8666-666666666666';
const KID = '77777777-7777-4777-8777-777777777777';
const DOC = '44444444-4444-4444-8444-444444444444';
const KID_DOC = '45444444-4444-4444-8444-444444444444';
const session = (): Session =>
  buildSession({
    role: 'athlete',
    gym: { gymId: GYM_ID, title: 'Iron Temple', stripeStatus: 'Active', stripeAccountType: 'standard', ghlV2Enabled: false } as Session['gym'],
    profile: { profileId: '55555555-5555-4555-8555-555555555555' },
    athlete: { athleteId: ME },
  });
const gym = {
  gymId: GYM_ID,
  title: 'Iron Temple',
  email: null,
  profilePicture: null,
  country: 'US',
  timeZone: 'America/Chicago',
  isTaxInclusive: false,
  eventSettings: { classes: { taxRate: null } },
};

const row = (o: Partial<DocumentRow> = {}): DocumentRow => ({
  documentId: DOC,
  title: 'Liability Waiver',
  type: 'waiver',
  state: 'unsigned',
  source: 'sign_up',
  athlete: { athleteId: ME, fullName: 'Alex Parent' },
  templateId: null,
  version: 2,
  issuedAt: '2026-03-01T15:00:00.000Z',
  signedAt: null,
  voidedAt: null,
  lastRemindedAt: null,
  reminderCount: 0,
  signerName: null,
  ...o,
});
const detail = (o: Partial<DocumentDetail> = {}): DocumentDetail => ({
  ...row(),
  content: '<p>I, Alex Parent, accept the risks.</p><p>&lt;img src=x onerror=alert(1)&gt;</p>',
  contentSha256: 'c'.repeat(64),
  requiresSignature: true,
  initialFields: ['I accept the risks'],
  signature: null,
  voidReason: null,
  integrity: { state: 'unsigned', message: '', recordedSha256: null, computedSha256: null },
  canSign: true,
  ...o,
});

const renderAt = (route: string) =>
  render(
    <Routes>
      <Route path="/documents/:tab" element={<MyDocumentsPage />} />
      <Route path="/documents/:tab/:documentId" element={<MyDocumentDetailPage />} />
    </Routes>,
    { session: session(), route },
  );

describe('MyDocumentsPage (spec 2.4 /documents/{tab})', () => {
  it("lists the athlete's documents and a dependant's, marked for whom, as links", async () => {
    stubFetch((url) => {
      if (url === `/api/gyms/${GYM_ID}/`) return jsonResponse(gym);
      if (url === '/api/me/documents/?tab=unsigned')
        return jsonResponse([row(), row({ documentId: KID_DOC, athlete: { athleteId: KID, fullName: 'Sam Parent' } })]);
      return undefined;
    });
    renderAt('/documents/unsigned');
    const own = await screen.findByRole('link', { name: 'Liability Waiver' });
    expect(own.getAttribute('href')).toBe(`/documents/unsigned/${DOC}`);
    const kids = screen.getByRole('link', { name: 'Liability Waiver for Sam Parent' });
    expect(kids.getAttribute('href')).toBe(`/documents/unsigned/${KID_DOC}`);
    expect(screen.getByText('Waiver · for Sam Parent')).toBeTruthy();
    expect(await screen.findAllByText('Issued 03/01/2026')).toHaveLength(2);
    expect(screen.getByRole('tab', { name: 'Unsigned', selected: true })).toBeTruthy();
  });

  it('says what to expect when there is nothing signed yet', async () => {
    stubFetch((url) => (url === '/api/me/documents/?tab=signed' ? jsonResponse([]) : url.startsWith('/api/gyms/') ? jsonResponse(gym) : undefined));
    renderAt('/documents/signed');
    expect(await screen.findByText('No signed documents yet')).toBeTruthy();
    expect(screen.getByRole('tab', { name: 'Signed', selected: true })).toBeTruthy();
  });
});

describe('MyDocumentDetailPage (spec 2.4 /documents/{tab}/{documentId})', () => {
  it('shows the merged text as text, and signs with a typed name, the initials and agreement', async () => {
    let signed = false;
    const fetchMock = stubFetch((url, init) => {
      if (url === `/api/gyms/${GYM_ID}/`) return jsonResponse(gym);
      if (url === `/api/me/documents/${DOC}/sign/` && init.method === 'POST') {
        signed = true;
        return jsonResponse(detail({ canSign: false, state: 'signed' }));
      }
      if (url === `/api/me/documents/${DOC}/`)
        return jsonResponse(
          signed
            ? detail({
                canSign: false,
                state: 'signed',
                signedAt: '2026-03-04T20:30:00.000Z',
                signature: {
                  relation: 'self',
                  signerName: 'Alex Parent',
                  athleteName: 'Alex Parent',
                  method: 'typed',
                  signatureImage: null,
                  typedName: 'Alex Parent',
                  initials: [{ label: 'I accept the risks', value: 'AP' }],
                  via: 'athlete_app',
                  contentSha256: 'c'.repeat(64),
                  ip: '203.0.113.7',
                  userAgent: 'test',
                  signedAt: '2026-03-04T20:30:00.000Z',
                },
              })
            : detail(),
        );
      return undefined;
    });
    renderAt(`/documents/unsigned/${DOC}`);
    expect(await screen.findByText('<img src=x onerror=alert(1)>')).toBeTruthy();
    expect(document.querySelector('img')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Sign document' }));
    expect(await screen.findByText('Draw your signature or type your full name.')).toBeTruthy();
    fireEvent.click(screen.getByRole('radio', { name: 'Type your name' }));
    fireEvent.change(screen.getByLabelText('Full name'), { target: { value: 'Alex Parent' } });
    fireEvent.change(screen.getByLabelText('I accept the risks'), { target: { value: 'AP' } });
    fireEvent.click(screen.getByRole('checkbox'));
    fireEvent.click(screen.getByRole('button', { name: 'Sign document' }));
    await waitFor(() => expect(callsTo(fetchMock, 'POST', `/api/me/documents/${DOC}/sign/`)).toHaveLength(1));
    expect(bodyOf(fetchMock, `/api/me/documents/${DOC}/sign/`)).toEqual({
      contentSha256: 'c'.repeat(64),
      method: 'typed',
      typedName: 'Alex Parent',
      initials: [{ label: 'I accept the risks', value: 'AP' }],
      agreed: true,
    });
    expect(await screen.findByText('Signed 03/04/2026 2:30 PM in the app')).toBeTruthy();
    expect(screen.getByLabelText('Typed signature: Alex Parent')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Download PDF' })).toBeTruthy();
  });

  it("shows a dependant's signed document with both names and downloads its PDF", async () => {
    const fetchMock = stubFetch((url) => {
      if (url === `/api/gyms/${GYM_ID}/`) return jsonResponse(gym);
      if (url === `/api/me/documents/${KID_DOC}/`)
        return jsonResponse(
          detail({
            documentId: KID_DOC,
            athlete: { athleteId: KID, fullName: 'Sam Parent' },
            canSign: false,
            state: 'signed',
            signature: {
              relation: 'guardian',
              signerName: 'Alex Parent',
              athleteName: 'Sam Parent',
              method: 'drawn',
              signatureImage: 'data:image/png;base64,iVBORw0KGgo=',
              typedName: null,
              initials: [],
              via: 'front_desk',
              contentSha256: 'c'.repeat(64),
              ip: null,
              userAgent: null,
              signedAt: '2026-03-04T20:30:00.000Z',
            },
          }),
        );
      if (url === `/api/me/documents/${KID_DOC}/pdf`)
        return new Response(new Blob(['%PDF-1.7']), {
          status: 200,
          headers: { 'Content-Type': 'application/pdf', 'Content-Disposition': 'inline; filename="waiver.pdf"' },
        });
      return undefined;
    });
    URL.createObjectURL = vi.fn(() => 'blob:pdf');
    URL.revokeObjectURL = vi.fn();
    renderAt(`/documents/signed/${KID_DOC}`);
    expect(await screen.findByText('Alex Parent, parent or guardian, for Sam Parent')).toBeTruthy();
    expect(screen.getByRole('img', { name: 'Signature of Alex Parent' })).toBeTruthy();
    expect(screen.getByText('Waiver · version 2 · for Sam Parent')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Download PDF' }));
    await waitFor(() => expect(callsTo(fetchMock, 'GET', `/api/me/documents/${KID_DOC}/pdf`)).toHaveLength(1));
  });

  it("says so when the document is not the athlete's", async () => {
    stubFetch((url) => (url.startsWith('/api/gyms/') ? jsonResponse(gym) : undefined));
    renderAt(`/documents/unsigned/${DOC}`);
    expect(await screen.findByText(/This document was not found/)).toBeTruthy();
  });
});
