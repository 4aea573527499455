import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { DocumentTemplateDetail } from '@spotter/shared';
import { render } from '../../../testing/render';
import { buildSession } from '../../../testing/factories';
import { callsTo, jsonResponse, stubFetch } from '../../../testing/stub-fetch';
import { TemplateEditor } from './templates-editor';

afterEach(() => vi.unstubAllGlobals());

const TEMPLATE_ID = '77777777-7777-4777-8777-000000000001';
const PACKAGE_ID = '77777777-7777-4777-8777-000000000009';
const template: DocumentTemplateDetail = {
  templateId: TEMPLATE_ID,
  type: 'waiver',
  title: 'Liability Waiver',
  currentVersion: 2,
  requiredOnSignUp: true,
  requiredBeforeBooking: false,
  packageIds: [],
  archived: false,
  updatedAt: '2026-03-04T20:00:00.000Z',
  unsignedCount: 3,
  signedCount: 12,
  body: '<p>I, {{athlete.fullName}}, train at {{gym.name}}.</p>',
  requiresSignature: true,
  initialFields: ['I accept the risks'],
  versions: [
    {
      version: 2,
      title: 'Liability Waiver',
      requiresSignature: true,
      initialFields: ['I accept the risks'],
      createdAt: '2026-03-04T20:00:00.000Z',
      createdByName: 'Olivia Owner',
    },
    { version: 1, title: 'Liability Waiver', requiresSignature: true, initialFields: [], createdAt: '2026-03-01T20:00:00.000Z', createdByName: null },
  ],
};
const packagesPage = { count: 1, next: null, previous: null, results: [{ packageId: PACKAGE_ID, name: 'Unlimited Monthly' }] };

describe('the template editor', { timeout: 60_000 }, () => {
  const session = () => buildSession({ role: 'owner' } as never);
  const renderEditor = (templateId: string | null) => {
    document.cookie = 'csrftoken=t; path=/';
    return render(<TemplateEditor templateId={templateId} onClose={() => {}} timeZone="America/Chicago" country="US" />, {
      session: session(),
      route: '/documents/templates',
    });
  };
  const api = (extra: (url: string, init: RequestInit) => Response | undefined = () => undefined) =>
    stubFetch((url, init) => {
      const own = extra(url, init);
      if (own) return own;
      if (url.startsWith('/api/packages/')) return jsonResponse(packagesPage);
      if (url === `/api/documents/templates/${TEMPLATE_ID}/` && (init.method ?? 'GET') === 'GET') return jsonResponse(template);
      if (url === `/api/documents/templates/${TEMPLATE_ID}/versions/1/`) return jsonResponse({ ...template.versions[1], body: '<p>The first wording.</p>' });
      return undefined;
    });

  it('shows the current version, the preview with sample values, and an old version on request', async () => {
    api();
    renderEditor(TEMPLATE_ID);
    const dialog = await screen.findByRole('dialog', { name: 'Edit template' });
    expect(await within(dialog).findByText('Version 2')).toBeTruthy();
    expect(within(dialog).getByText('3 unsigned · 12 signed')).toBeTruthy();
    const preview = within(dialog).getByTestId('template-preview');
    await waitFor(() => expect(preview.textContent).toContain('I, Alex Morgan, train at Iron Temple.'));
    expect(preview.textContent).toContain('I accept the risks');
    fireEvent.click(within(dialog).getByRole('button', { name: 'View version 1' }));
    const old = await screen.findByRole('dialog', { name: 'Version 1' });
    expect(await within(old).findByText('The first wording.')).toBeTruthy();
  });

  it('issue 34: shows the server refusal of an initials field without a label on that field', async () => {
    const message = 'Give each initials field a label.';
    api((url, init) =>
      init.method === 'PUT' ? jsonResponse({ message, code: 'validation_error', fields: { 'initialFields.1': [message] } }, 400) : undefined,
    );
    renderEditor(TEMPLATE_ID);
    const dialog = await screen.findByRole('dialog', { name: 'Edit template' });
    await within(dialog).findByText('Version 2');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add initials field' }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText(message)).toBeTruthy();
  });

  it('issue 34: notifies a refusal that names no field of the form', async () => {
    api((url, init) =>
      init.method === 'PUT' ? jsonResponse({ message: 'This template is archived. Restore it to issue it.', code: 'conflict' }, 409) : undefined,
    );
    renderEditor(TEMPLATE_ID);
    const dialog = await screen.findByRole('dialog', { name: 'Edit template' });
    await within(dialog).findByText('Version 2');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('This template is archived. Restore it to issue it.')).toBeTruthy();
  });

  it('inserts a merge field from the menu and saves the whole template with its rules', async () => {
    const fetchMock = api((url, init) => (init.method === 'PUT' ? jsonResponse({ ...template, currentVersion: 3 }) : undefined));
    renderEditor(TEMPLATE_ID);
    const dialog = await screen.findByRole('dialog', { name: 'Edit template' });
    await within(dialog).findByText('Version 2');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Insert merge field' }));
    fireEvent.click(await screen.findByRole('menuitem', { name: 'Package name' }));
    await waitFor(() => expect(within(dialog).getByTestId('template-preview').textContent).toContain('Unlimited Monthly'));
    fireEvent.click(within(dialog).getByRole('switch', { name: /Before booking any class/ }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add initials field' }));
    fireEvent.change(within(dialog).getByLabelText('Initials field 2'), { target: { value: 'No refunds' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(callsTo(fetchMock, 'PUT', `/api/documents/templates/${TEMPLATE_ID}/`)).toHaveLength(1));
    const sent = JSON.parse(callsTo(fetchMock, 'PUT', `/api/documents/templates/${TEMPLATE_ID}/`)[0]![1].body as string) as Record<string, unknown>;
    expect(sent).toMatchObject({
      type: 'waiver',
      title: 'Liability Waiver',
      requiredOnSignUp: true,
      requiredBeforeBooking: true,
      initialFields: ['I accept the risks', 'No refunds'],
      packageIds: [],
    });
    expect(sent.body).toContain('{{package.name}}');
    expect(sent.body).toContain('{{athlete.fullName}}');
  });

  it("shows the server's field errors under the fields", async () => {
    api((url, init) =>
      init.method === 'POST' && url === '/api/documents/templates/'
        ? jsonResponse(
            { message: 'Check the form.', code: 'validation_failed', fields: { body: ['Write the document’s text.'], title: ['Enter a title.'] } },
            400,
          )
        : undefined,
    );
    renderEditor(null);
    const dialog = await screen.findByRole('dialog', { name: 'New template' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create template' }));
    expect(await within(dialog).findByText('Write the document’s text.')).toBeTruthy();
    expect(within(dialog).getByText('Enter a title.')).toBeTruthy();
  });
});
