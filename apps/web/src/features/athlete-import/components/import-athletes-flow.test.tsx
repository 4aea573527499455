import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { AthleteImport, AthleteImportUploaded, ImportPreview } from '@spotter/shared';
import { render } from '../../../testing/render';
import { callsTo, jsonResponse, stubFetch } from '../../../testing/stub-fetch';
import { buildSession } from '../../../testing/factories';
import { ImportAthletesButton } from './import-athletes-button';
import { PHONE_QUERY } from './preview-step';

afterEach(() => vi.unstubAllGlobals());

const IMPORT_ID = '0b6f6a1e-8f0e-4d3a-9a47-3f1f3c1e2d10';
const headers = ['Client ID', 'First Name', 'Last Name', 'Email', 'Birth Date'];
const base: AthleteImport = {
  importId: IMPORT_ID,
  fileName: 'clients.csv',
  status: 'uploaded',
  headers,
  mapping: { columns: [null, 'firstName', 'lastName', 'email', 'dob'], dateOrder: 'MDY' },
  totalRows: 3,
  processedRows: 0,
  createdCount: 0,
  existingCount: 0,
  duplicateCount: 0,
  errorCount: 0,
  errors: [],
  createdAt: '2026-03-04T20:30:00.000Z',
  finishedAt: null,
};
const uploaded: AthleteImportUploaded = {
  ...base,
  sampleRows: [
    ['1', 'Jane', 'Doe', 'jane@example.com', '03/15/1990'],
    ['2', 'Maria', 'Lopez', 'maria@example', ''],
  ],
};
const preview: ImportPreview = {
  totalRows: 3,
  toCreate: 2,
  existing: 0,
  duplicates: 0,
  invalid: 1,
  errors: [{ row: 3, messages: ['Email: Please provide a valid email.'] }],
  rows: [
    {
      row: 2,
      outcome: 'new',
      messages: [],
      firstName: 'Jane',
      lastName: 'Doe',
      email: 'jane@example.com',
      phone: '',
      dob: '1990-03-15',
      gender: null,
      address: '',
      tags: [],
    },
    {
      row: 3,
      outcome: 'invalid',
      messages: ['Email: Please provide a valid email.'],
      firstName: 'Maria',
      lastName: 'Lopez',
      email: 'maria@example',
      phone: '',
      dob: null,
      gender: null,
      address: '',
      tags: [],
    },
  ],
};
const done: AthleteImport = {
  ...base,
  status: 'done',
  processedRows: 3,
  createdCount: 2,
  errorCount: 1,
  errors: [{ row: 3, messages: ['Email: Please provide a valid email.'] }],
  finishedAt: '2026-03-04T20:31:00.000Z',
};

function stubImportFetch() {
  let polls = 0;
  return stubFetch((url, init) => {
    const method = init.method ?? 'GET';
    // Issue 34: a UK gym, whose dates read day first.
    if (url === `/api/gyms/${GYM_ID}/`)
      return jsonResponse({
        gymId: GYM_ID,
        title: 'Northside Strength',
        email: null,
        profilePicture: null,
        country: 'GB',
        timeZone: 'Europe/London',
        isTaxInclusive: true,
        eventSettings: { classes: { taxRate: null } },
      });
    if (url === '/api/athlete-imports/' && method === 'POST') return jsonResponse(uploaded, 201);
    if (url === `/api/athlete-imports/${IMPORT_ID}/preview/`) return jsonResponse(preview);
    if (url === `/api/athlete-imports/${IMPORT_ID}/start/`) return jsonResponse({ ...base, status: 'queued' });
    if (url === `/api/athlete-imports/${IMPORT_ID}/` && method === 'GET') {
      polls++;
      return jsonResponse(polls === 1 ? { ...base, status: 'running', processedRows: 1 } : done);
    }
    return undefined;
  });
}

const GYM_ID = '22222222-2222-4222-8222-222222222222';
const renderButton = () =>
  render(<ImportAthletesButton />, {
    session: buildSession({
      role: 'owner',
      gym: { gymId: GYM_ID, title: 'Northside Strength', stripeStatus: 'Active', stripeAccountType: 'standard', ghlV2Enabled: false },
    }),
    route: '/users/athletes',
  });

async function openAndUpload() {
  fireEvent.click(screen.getByRole('button', { name: 'Import' }));
  const dialog = await screen.findByRole('dialog', { name: 'Import athletes' });
  const input = within(dialog).getByLabelText(/Choose a CSV file/) as HTMLInputElement;
  fireEvent.change(input, { target: { files: [new File(['First Name,Last Name\nJane,Doe\n'], 'clients.csv', { type: 'text/csv' })] } });
  return dialog;
}

describe('ImportAthletesButton (issue 17: import from other gym software)', () => {
  it('uploads the file, shows the guessed mapping, previews with per-row errors, imports with progress and lists the skipped row', async () => {
    const fetchMock = stubImportFetch();
    renderButton();
    const dialog = await openAndUpload();

    // Step 2: a select per column, pre-filled with the guesses.
    const email = await within(dialog).findByRole('combobox', { name: 'Imports “Email” as' });
    expect((email as HTMLSelectElement).value).toBe('email');
    expect((within(dialog).getByRole('combobox', { name: 'Imports “Client ID” as' }) as HTMLSelectElement).value).toBe('');
    expect(within(dialog).getByText('e.g. jane@example.com · maria@example')).toBeTruthy();
    const upload = callsTo(fetchMock, 'POST', '/api/athlete-imports/')[0]!;
    expect(upload[1].body).toBeInstanceOf(FormData);
    expect(((upload[1].body as FormData).get('file') as File).name).toBe('clients.csv');

    // Ignoring both name columns is refused before the preview.
    fireEvent.change(within(dialog).getByRole('combobox', { name: 'Imports “First Name” as' }), { target: { value: '' } });
    expect(within(dialog).getByRole('alert').textContent).toBe('Map the first and last name columns, or a full name column.');
    expect((within(dialog).getByRole('button', { name: 'Preview' }) as HTMLButtonElement).disabled).toBe(true);
    fireEvent.change(within(dialog).getByRole('combobox', { name: 'Imports “First Name” as' }), { target: { value: 'firstName' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Preview' }));

    // Step 3: the dry run and the first rows with their problems.
    expect(await within(dialog).findByText('2 athletes to create')).toBeTruthy();
    expect(within(dialog).getByText('1 row is invalid (skipped)')).toBeTruthy();
    expect(within(dialog).getAllByText(/15\/03\/1990/).length).toBeGreaterThan(0);
    expect(within(dialog).queryAllByText(/1990-03-15/)).toHaveLength(0);
    expect(within(dialog).getAllByText('Email: Please provide a valid email.').length).toBeGreaterThan(0);
    const previewBody = JSON.parse(callsTo(fetchMock, 'POST', '/preview/')[0]![1].body as string);
    expect(previewBody).toEqual({ mapping: base.mapping, limit: 20 });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Import 2 athletes' }));

    // Step 4: progress, then the result.
    expect(await within(dialog).findByText('2 athletes created', {}, { timeout: 4000 })).toBeTruthy();
    expect(within(dialog).getByRole('progressbar').getAttribute('aria-valuenow')).toBe('100');
    expect(within(dialog).getByText('1 row is invalid (skipped)')).toBeTruthy();
    expect(within(dialog).getByText('Row 3:')).toBeTruthy();
    expect(within(dialog).getByRole('button', { name: 'Download skipped rows (CSV)' })).toBeTruthy();
    expect(within(dialog).getByRole('link', { name: 'Go to athletes' }).getAttribute('href')).toBe('/users/athletes');
    expect(JSON.parse(callsTo(fetchMock, 'POST', '/start/')[0]![1].body as string)).toEqual({ mapping: base.mapping });
  });

  it('shows the server’s reason when the file is refused, and the file input is reached by the keyboard', async () => {
    stubFetch((url, init) =>
      url === '/api/athlete-imports/' && init.method === 'POST'
        ? jsonResponse({ message: 'The file has no rows below its header.', code: 'no_rows' }, 400)
        : undefined,
    );
    renderButton();
    const dialog = await openAndUpload();
    const input = within(dialog).getByLabelText(/Choose a CSV file/);
    input.focus();
    expect(document.activeElement).toBe(input);
    await waitFor(() => expect(within(dialog).getByRole('alert').textContent).toBe('The file has no rows below its header.'));
  });

  it('on a phone previews the first rows as cards (no table scrolled sideways), each with its result and problems', async () => {
    const { matchMedia } = window;
    window.matchMedia = (query: string) => ({ ...matchMedia(query), matches: query === PHONE_QUERY });
    try {
      stubImportFetch();
      renderButton();
      const dialog = await openAndUpload();
      fireEvent.click(await within(dialog).findByRole('button', { name: 'Preview' }));
      const list = await within(dialog).findByRole('list', { name: 'First rows' });
      expect(within(dialog).queryByRole('table')).toBeNull();
      const cards = within(list).getAllByRole('listitem');
      expect(cards).toHaveLength(2);
      expect(cards[0]!.textContent).toContain('Jane Doe');
      expect(cards[0]!.textContent).toContain('Row 2');
      expect(cards[0]!.textContent).toContain('Email: jane@example.com');
      expect(cards[1]!.textContent).toContain('Maria Lopez');
      expect(cards[1]!.textContent).toContain('Email: Please provide a valid email.');
    } finally {
      window.matchMedia = matchMedia;
    }
  });

  it('on a wider screen previews the first rows as a table', async () => {
    stubImportFetch();
    renderButton();
    const dialog = await openAndUpload();
    fireEvent.click(await within(dialog).findByRole('button', { name: 'Preview' }));
    expect(await within(dialog).findByRole('table')).toBeTruthy();
    expect(within(dialog).queryByRole('list', { name: 'First rows' })).toBeNull();
  });
});
