import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import type { GymExport } from '@spotter/shared';
import { render } from '../../../testing/render';
import { buildSession } from '../../../testing/factories';
import { callsTo, jsonResponse, stubFetch } from '../../../testing/stub-fetch';
import { ExportSection, formatBytes } from './export-section';

vi.mock('../../../lib/save-file', () => ({ saveFile: vi.fn() }));

afterEach(() => vi.unstubAllGlobals());

const EXPORT_ID = '33333333-3333-4333-8333-333333333333';
const owner = buildSession({ role: 'owner' });
const exportOf = (over: Partial<GymExport>): GymExport => ({
  exportId: EXPORT_ID,
  state: 'queued',
  progress: 0,
  step: '',
  fileName: 'spotter-export-iron-temple-2026-03-04.zip',
  sizeBytes: null,
  requestedAt: '2026-03-04T20:30:00Z',
  finishedAt: null,
  ...over,
});

describe('ExportSection', () => {
  it('starts an export, shows its progress and step while it runs, then offers the ZIP with its date and size', async () => {
    const answers: (GymExport | null)[] = [
      null,
      exportOf({ state: 'running', progress: 45, step: 'Invoices' }),
      exportOf({ state: 'done', progress: 100, step: 'Done', sizeBytes: 1_572_864, finishedAt: '2026-03-04T20:31:00Z' }),
    ];
    let reads = 0;
    const fetchMock = stubFetch((url, init) => {
      if (!url.includes('/api/gym-export/')) return undefined;
      if (url.includes('/download/'))
        return new Response(new Blob(['PK']), { headers: { 'Content-Type': 'application/zip', 'Content-Disposition': 'attachment; filename="x.zip"' } });
      if ((init.method ?? 'GET') === 'POST') return jsonResponse(exportOf({}));
      const latest = answers[Math.min(reads, answers.length - 1)];
      if (reads > 0 || latest === null) reads++;
      return jsonResponse({ latest });
    });
    render(<ExportSection country="US" timeZone="America/Chicago" />, { session: owner });
    fireEvent.click(await screen.findByRole('button', { name: 'Export all data' }));
    expect(await screen.findByText(/Writing Invoices… 45%/)).toBeTruthy();
    expect(screen.getByRole('progressbar', { name: 'Export progress' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Export all data' }).hasAttribute('disabled')).toBe(true);
    const download = await screen.findByRole('button', { name: 'Download ZIP' });
    expect(screen.getByText(/Last export: 03\/04\/2026 2:31 PM, 1\.5 MB/)).toBeTruthy();
    fireEvent.click(download);
    await waitFor(() => expect(callsTo(fetchMock, 'GET', `/api/gym-export/${EXPORT_ID}/download/`)).toHaveLength(1));
    expect(callsTo(fetchMock, 'POST', '/api/gym-export/')).toHaveLength(1);
  });

  it('says why a failed export failed', async () => {
    stubFetch((url) =>
      url.includes('/api/gym-export/')
        ? jsonResponse({ latest: exportOf({ state: 'failed', step: 'The export failed (disk full). Please try again.' }) })
        : undefined,
    );
    render(<ExportSection country="US" timeZone="America/Chicago" />, { session: owner });
    expect(await screen.findByText(/disk full/)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Export all data' }).hasAttribute('disabled')).toBe(false);
    expect(screen.queryByRole('button', { name: 'Download ZIP' })).toBeNull();
  });

  it('shows staff that only the owner can export, and never asks the server', async () => {
    const fetchMock = stubFetch();
    render(<ExportSection country="US" timeZone="America/Chicago" />, { session: buildSession({ role: 'staff' }) });
    expect(await screen.findByText(/Only the gym's owner can export/)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Export all data' })).toBeNull();
    expect(callsTo(fetchMock, 'GET', '/api/gym-export/')).toHaveLength(0);
  });

  it('writes sizes as people read them', () => {
    expect([formatBytes(512), formatBytes(2048), formatBytes(1_572_864)]).toEqual(['512 B', '2.0 KB', '1.5 MB']);
  });
});
