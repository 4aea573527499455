import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import type { Banner } from '@spotter/shared';
import { render } from '../../../testing/render';
import { buildSession } from '../../../testing/factories';
import { jsonResponse, stubFetch } from '../../../testing/stub-fetch';
import { BannerModal, FETCH_FAILED_MESSAGE, forgetClosedBanners } from './banner-modal';

const banner = (overrides: Partial<Banner> = {}): Banner => ({
  bannerId: '66666666-6666-4666-8666-666666666666',
  title: 'New: self check-in kiosk',
  message: '<p>Open <strong>Kiosk</strong> now.<script>window.hacked = true</script></p>',
  ...overrides,
});
const page = (results: Banner[]) => jsonResponse({ count: results.length, next: null, previous: null, results });

const renderModal = () => render(<BannerModal />, { session: buildSession({ role: 'staff' }) });

afterEach(() => {
  vi.unstubAllGlobals();
  forgetClosedBanners();
});

describe('BannerModal (spec 2.10)', () => {
  it('shows the first banner with its title and sanitised rich text', async () => {
    stubFetch(() => page([banner(), banner({ bannerId: '77777777-7777-4777-8777-777777777777', title: 'Older' })]));
    renderModal();
    const dialog = await screen.findByRole('dialog', { name: 'New: self check-in kiosk' });
    expect(dialog.querySelector('strong')?.textContent).toBe('Kiosk');
    expect(dialog.querySelector('script')).toBeNull();
    expect(screen.queryByText('Older')).toBeNull();
  });

  it("'Do Not Show Again' calls close and refetches; the next banner then shows", async () => {
    let dismissed = false;
    const fetchMock = stubFetch((url) => {
      if (url.endsWith('/close/')) {
        dismissed = true;
        return jsonResponse({ detail: 'Banner dismissed.' });
      }
      return page(dismissed ? [banner({ bannerId: '77777777-7777-4777-8777-777777777777', title: 'Second news' })] : [banner()]);
    });
    renderModal();
    await screen.findByRole('dialog', { name: 'New: self check-in kiosk' });
    fireEvent.click(screen.getByRole('button', { name: 'Do Not Show Again' }));
    expect(await screen.findByRole('dialog', { name: 'Second news' })).toBeTruthy();
    expect(fetchMock.mock.calls.map(([url]) => url)).toContain('/api/banners/66666666-6666-4666-8666-666666666666/close/');
  });

  it('the close button hides it without dismissing it', async () => {
    const fetchMock = stubFetch(() => page([banner()]));
    renderModal();
    await screen.findByRole('dialog');
    fireEvent.click(screen.getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(fetchMock.mock.calls.some(([url]) => url.endsWith('/close/'))).toBe(false);
  });

  it('a banner closed with the X stays hidden when the shell mounts the modal again (another layout), until the page loads again', async () => {
    stubFetch(() => page([banner()]));
    const first = renderModal();
    await screen.findByRole('dialog');
    fireEvent.click(screen.getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    first.unmount();
    renderModal();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByRole('dialog')).toBeNull();
    forgetClosedBanners();
    renderModal();
    await screen.findByRole('dialog');
  });

  it('shows nothing when the first banner has no content', async () => {
    const fetchMock = stubFetch(() => page([banner({ title: ' ', message: '<p><br></p>' })]));
    renderModal();
    await waitFor(() => expect(fetchMock).toHaveBeenCalled());
    await new Promise((r) => setTimeout(r, 20));
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('a fetch failure shows the spec 8 text', async () => {
    stubFetch(() => jsonResponse({ message: 'Boom', code: 'internal' }, 500));
    renderModal();
    expect(await screen.findByText(FETCH_FAILED_MESSAGE)).toBeTruthy();
  });
});
