import { afterEach, describe, expect, it, vi } from 'vitest';
import { kioskModeRoutes, staffRoutes } from '@spotter/shared';
import { preloadRoute } from './pages';
import { KioskEventPage, KioskListPage, StaffLayout } from './lazy-pages';

afterEach(() => {
  vi.restoreAllMocks();
});

describe('preloadRoute', () => {
  it("asks for the layout and the matched page's chunk together, not one after the other", () => {
    const layout = vi.spyOn(StaffLayout, 'preload').mockImplementation(() => undefined);
    const list = vi.spyOn(KioskListPage, 'preload').mockImplementation(() => undefined);
    const event = vi.spyOn(KioskEventPage, 'preload').mockImplementation(() => undefined);
    preloadRoute('staff', staffRoutes, '/kiosk', StaffLayout);
    expect(layout).toHaveBeenCalledTimes(1);
    expect(list).toHaveBeenCalledTimes(1);
    expect(event).not.toHaveBeenCalled();
    // A route with a parameter, and the athlete kiosk mode's own paths.
    preloadRoute('staff', staffRoutes, '/kiosk/0b7c2f7e-8d0a-4f43-9a41-6f3c1e2d9b10', StaffLayout);
    expect(event).toHaveBeenCalledTimes(1);
    preloadRoute('kiosk', kioskModeRoutes, '/');
    expect(list).toHaveBeenCalledTimes(2);
  });

  it('asks for no page when the path matches no route, or a route with no built page', () => {
    const list = vi.spyOn(KioskListPage, 'preload').mockImplementation(() => undefined);
    const event = vi.spyOn(KioskEventPage, 'preload').mockImplementation(() => undefined);
    preloadRoute('staff', staffRoutes, '/no-such-page');
    preloadRoute('staff', staffRoutes, '/kiosk/one/two');
    preloadRoute('staff', staffRoutes, '/');
    expect(list).not.toHaveBeenCalled();
    expect(event).not.toHaveBeenCalled();
  });
});
