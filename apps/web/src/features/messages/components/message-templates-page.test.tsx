import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import {
  messageTemplateCatalogue,
  messageTemplateKinds,
  type MessageDetail,
  type MessageRow,
  type MessageTemplateDetail,
  type MessageTemplateRow,
} from '@spotter/shared';
import { render } from '../../../testing/render';
import { buildSession } from '../../../testing/factories';
import { callsTo, jsonResponse, stubFetch } from '../../../testing/stub-fetch';
import { MessageTemplatesPage } from './message-templates-page';
import { AthleteMessagesTab } from './athlete-messages-tab';

afterEach(() => vi.unstubAllGlobals());

// mantine-datatable shows a column while matchMedia(its visibleMediaQuery, '' when none) matches.
const { matchMedia } = window;
beforeAll(() => {
  window.matchMedia = (query: string) => ({ ...matchMedia(query), matches: query === '' });
});
afterAll(() => {
  window.matchMedia = matchMedia;
});

const rows: MessageTemplateRow[] = messageTemplateKinds.map((kind) => {
  const d = messageTemplateCatalogue[kind];
  const overridden = kind === 'class_booked';
  return {
    kind,
    label: d.label,
    description: d.description,
    group: d.group,
    subject: overridden ? 'You are in, {{firstName}}!' : d.subject,
    isOverridden: overridden,
    updatedAt: overridden ? '2026-03-04T20:00:00.000Z' : null,
  };
});
const classBooked: MessageTemplateDetail = {
  ...rows.find((r) => r.kind === 'class_booked')!,
  bodyHtml: '<p>See you at {{className}}.</p>',
  defaultSubject: messageTemplateCatalogue.class_booked.subject,
  defaultBodyHtml: messageTemplateCatalogue.class_booked.bodyHtml,
  mergeFields: [...messageTemplateCatalogue.class_booked.fields, { key: 'firstName', label: 'First name', sample: 'Alex' }],
};
const rendered = {
  subject: 'You are in, Alex!',
  html: '<p>See you at Morning WOD.</p>',
  text: 'See you at Morning WOD.',
  from: '"Riverside Strength" <no-reply@spotter.local>',
  replyTo: 'desk@riverside.example',
};

const MESSAGE_ID = '77777777-7777-4777-8777-000000000001';
const mail: MessageRow = {
  messageId: MESSAGE_ID,
  kind: 'invoice',
  kindLabel: 'Invoice',
  to: 'pat@example.com',
  subject: 'Your invoice INV-1',
  status: 'failed',
  attempts: 3,
  lastError: 'SMTP 550 mailbox unavailable',
  createdAt: '2026-03-04T18:30:00.000Z',
  sentAt: null,
};
const mailDetail: MessageDetail = { ...mail, from: '"Riverside Strength" <no-reply@spotter.local>', replyTo: null, text: 'Hi', html: '<p>Hi</p>' };
const page = (results: MessageRow[]) => ({ count: results.length, next: null, previous: null, results });

const api = () =>
  stubFetch((url, init) => {
    const method = init.method ?? 'GET';
    if (url === '/api/message-templates/') return jsonResponse({ results: rows });
    if (url === '/api/message-templates/class_booked/' && method === 'GET') return jsonResponse(classBooked);
    if (url === '/api/message-templates/class_booked/' && method === 'PUT') return jsonResponse(classBooked);
    if (url === '/api/message-templates/class_booked/' && method === 'DELETE')
      return jsonResponse({ ...classBooked, isOverridden: false, subject: classBooked.defaultSubject });
    if (url === '/api/message-templates/class_booked/preview/') return jsonResponse(rendered);
    if (url === '/api/message-templates/class_booked/test-send/')
      return jsonResponse({ messageId: MESSAGE_ID, to: 'person@example.com', detail: 'A test was sent to person@example.com.' }, 201);
    if (url.startsWith('/api/messages/?')) return jsonResponse(page(url.includes('status=sent') ? [] : [mail]));
    if (url === `/api/messages/${MESSAGE_ID}/`) return jsonResponse(mailDetail);
    if (url.startsWith('/api/athletes/')) return jsonResponse(page([]));
    return undefined;
  });

const owner = () => buildSession({ role: 'owner' } as never);
const viewer = () => buildSession({ role: 'staff', staff: { staffId: 's1', permissions: ['FlowView'] } } as never);

describe('/flows/templates', { timeout: 60_000 }, () => {
  it('lists the templates by group with the customised one marked, and edits one with a live preview', async () => {
    document.cookie = 'csrftoken=t; path=/';
    const fetchMock = api();
    render(<MessageTemplatesPage />, { session: owner(), route: '/flows/templates' });
    expect(await screen.findByRole('heading', { name: 'Bookings' })).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Billing' })).toBeTruthy();
    const card = screen.getByRole('button', { name: 'Class booking confirmation (customised): open' });
    expect(within(card).getByText('Customised')).toBeTruthy();
    fireEvent.click(card);
    const dialog = await screen.findByRole('dialog', { name: 'Class booking confirmation' });
    const subject = within(dialog).getByRole('textbox', { name: /Subject/ });
    expect((subject as HTMLInputElement).value).toBe('You are in, {{firstName}}!');
    const preview = await within(dialog).findByTestId('message-preview');
    expect(preview.textContent).toContain('"Riverside Strength" <no-reply@spotter.local>');
    expect(preview.textContent).toContain('desk@riverside.example');
    expect(preview.querySelector('iframe')!.getAttribute('sandbox')).toBe('');
    expect(within(dialog).getByRole('button', { name: 'Reset to default' })).toBeTruthy();

    fireEvent.change(subject, { target: { value: '   ' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('Subject is required.')).toBeTruthy();
    expect(callsTo(fetchMock, 'PUT', '/api/message-templates/')).toHaveLength(0);

    fireEvent.change(subject, { target: { value: 'Booked: {{className}}' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(callsTo(fetchMock, 'PUT', '/api/message-templates/class_booked/')).toHaveLength(1));
    const put = callsTo(fetchMock, 'PUT', '/api/message-templates/class_booked/')[0]!;
    expect(JSON.parse(put[1].body as string)).toEqual({ subject: 'Booked: {{className}}', bodyHtml: '<p>See you at {{className}}.</p>' });
  });

  it('sends a test of the wording being edited, and resets to the default', async () => {
    document.cookie = 'csrftoken=t; path=/';
    const fetchMock = api();
    render(<MessageTemplatesPage />, { session: owner(), route: '/flows/templates?template=class_booked' });
    const dialog = await screen.findByRole('dialog', { name: 'Class booking confirmation' });
    await within(dialog).findByTestId('message-preview');
    const previewBody = JSON.parse(callsTo(fetchMock, 'POST', '/preview/')[0]![1].body as string);
    expect(previewBody).toEqual({ subject: 'You are in, {{firstName}}!', bodyHtml: '<p>See you at {{className}}.</p>' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Send test to me' }));
    expect(await screen.findByText('A test was sent to person@example.com.')).toBeTruthy();
    expect(JSON.parse(callsTo(fetchMock, 'POST', '/test-send/')[0]![1].body as string)).toEqual(previewBody);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Reset to default' }));
    await waitFor(() => expect(callsTo(fetchMock, 'DELETE', '/api/message-templates/class_booked/')).toHaveLength(1));
  });

  it('is read-only without FlowMutate', async () => {
    api();
    render(<MessageTemplatesPage />, { session: viewer(), route: '/flows/templates?template=class_booked' });
    const dialog = await screen.findByRole('dialog', { name: 'Class booking confirmation' });
    expect(await within(dialog).findByText('Read only')).toBeTruthy();
    expect(within(dialog).queryByRole('button', { name: 'Save' })).toBeNull();
    expect(within(dialog).queryByRole('button', { name: 'Send test to me' })).toBeNull();
    expect(within(dialog).queryByRole('button', { name: 'Reset to default' })).toBeNull();
  });

  it('lists sent messages, filters them, and opens one with its attempts and last error', async () => {
    const fetchMock = api();
    render(<MessageTemplatesPage />, { session: owner(), route: '/flows/templates?tab=sent' });
    const open = await screen.findByRole('button', { name: 'Your invoice INV-1' });
    expect(screen.getAllByText('Failed').length).toBeGreaterThan(0);
    fireEvent.click(open);
    const drawer = await screen.findByRole('dialog', { name: 'Message' });
    expect(await within(drawer).findByText('SMTP 550 mailbox unavailable')).toBeTruthy();
    expect(within(drawer).getByText('3 (2 retries)')).toBeTruthy();
    expect(within(drawer).getByText('"Riverside Strength" <no-reply@spotter.local>')).toBeTruthy();
    fireEvent.click(within(drawer).getByRole('button', { name: 'Close' }));
    fireEvent.click(screen.getByRole('combobox', { name: 'State' }));
    fireEvent.click(await screen.findByRole('option', { name: 'Sent' }));
    expect(await screen.findByText('No messages match these filters.')).toBeTruthy();
    expect(callsTo(fetchMock, 'GET', 'status=sent').length).toBeGreaterThan(0);
  });
});

describe("the athlete's Messages tab", { timeout: 30_000 }, () => {
  it('says what shows there when nothing was sent', async () => {
    api();
    render(<AthleteMessagesTab athlete={{ athleteId: '77777777-7777-4777-8777-000000000002', fullName: 'Pat Log' }} />, { session: owner() });
    expect(await screen.findByText(/No mails sent to Pat Log yet/)).toBeTruthy();
  });
});
