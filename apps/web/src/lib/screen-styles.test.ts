import { describe, expect, it, vi } from 'vitest';
import { FIRST_SCREEN_CHUNKS, withScreenStyles } from './screen-styles';

describe('withScreenStyles (decision 015)', () => {
  it('a first screen loads without Mantine’s whole stylesheet', async () => {
    const loadStyles = vi.fn(async () => undefined);
    expect(FIRST_SCREEN_CHUNKS.has('kiosk-list')).toBe(true);
    await expect(withScreenStyles('kiosk-list', async () => 'page', loadStyles)).resolves.toBe('page');
    expect(loadStyles).not.toHaveBeenCalled();
  });

  it('any other chunk is ready only once the whole stylesheet is', async () => {
    let styled = false;
    let finishStyles: () => void = () => undefined;
    const loadStyles = vi.fn(
      () =>
        new Promise<void>((resolve) => {
          finishStyles = () => {
            styled = true;
            resolve();
          };
        }),
    );
    const settled = vi.fn();
    const loading = withScreenStyles('kiosk-event', async () => 'page', loadStyles).then((page) => {
      settled(styled);
      return page;
    });
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(settled).not.toHaveBeenCalled();
    finishStyles();
    await expect(loading).resolves.toBe('page');
    expect(settled).toHaveBeenCalledWith(true);
  });

  it('a stylesheet that fails to load fails the chunk, so the reload rule applies', async () => {
    const failing = async () => Promise.reject(new Error('stylesheet gone'));
    await expect(withScreenStyles('kiosk-menu', async () => 'menu', failing)).rejects.toThrow('stylesheet gone');
  });
});
