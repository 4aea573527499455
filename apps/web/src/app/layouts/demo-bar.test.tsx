import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import { render } from '../../testing/render';
import { buildSession } from '../../testing/factories';
import { DemoBar } from './demo-bar';

const NOW = new Date('2026-11-21T12:00:00Z');
const inHours = (h: number) => new Date(NOW.getTime() + h * 3600_000).toISOString();

function renderBar(expiresAt: string | null) {
  render(<DemoBar demoGym={{ type: expiresAt ? 'TIME_LIMITED' : 'PERSISTENT', expiresAt, isActive: true }} />, { session: buildSession() });
}

afterEach(() => vi.useRealTimers());

describe('the demo-mode bar (spec 4)', () => {
  it.each([
    [47, '1d left', 'blue'],
    [20, '20h left', 'yellow'],
    [12, '12h left', 'red'],
    [0.5, '30m left', 'red'],
    [-1, '0h left', 'gray'],
  ])('at %s hours left shows %s in %s', (hours, text, color) => {
    vi.useFakeTimers({ now: NOW, toFake: ['Date'] });
    renderBar(inHours(hours));
    expect(screen.getByText(text)).toBeTruthy();
    const bar = screen.getByRole('progressbar', { name: 'Demo time left' });
    const section = bar.querySelector('[style*="--progress-section-color"]') ?? bar;
    expect((section.getAttribute('style') ?? '') + (bar.parentElement?.getAttribute('style') ?? '')).toContain(color);
  });

  it('shrinks the progress linearly from 48 hours', () => {
    vi.useFakeTimers({ now: NOW, toFake: ['Date'] });
    renderBar(inHours(24));
    expect(screen.getByRole('progressbar', { name: 'Demo time left' }).getAttribute('aria-valuenow')).toBe('50');
  });

  it('shows no countdown for a persistent demo', () => {
    renderBar(null);
    expect(screen.getByText('Demo mode')).toBeTruthy();
    expect(screen.queryByRole('progressbar')).toBeNull();
  });
});
