import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, renderHook } from '@testing-library/react';
import { buildSession } from '../../../testing/factories';
import { useDemoAccessEnded } from './demo-access';

const NOW = new Date('2026-11-21T12:00:00Z');

afterEach(() => vi.useRealTimers());

describe('useDemoAccessEnded (decision 008)', () => {
  it('turns true at the moment the demo expires, while the page stays open', () => {
    vi.useFakeTimers();
    vi.setSystemTime(NOW);
    const session = buildSession({
      role: 'owner',
      demoGym: { type: 'TIME_LIMITED', isActive: true, expiresAt: new Date(NOW.getTime() + 90_000).toISOString() },
    });
    const { result } = renderHook(() => useDemoAccessEnded(session));
    expect(result.current).toBe(false);
    act(() => void vi.advanceTimersByTime(89_000));
    expect(result.current).toBe(false);
    act(() => void vi.advanceTimersByTime(1_000));
    expect(result.current).toBe(true);
  });

  it('is true at once for a switched-off demo and never for a persistent one', () => {
    const off = buildSession({ role: 'athlete', demoGym: { type: 'TIME_LIMITED', isActive: false, expiresAt: '2999-01-01T00:00:00Z' } });
    expect(renderHook(() => useDemoAccessEnded(off)).result.current).toBe(true);
    const persistent = buildSession({ role: 'owner', demoGym: { type: 'PERSISTENT', isActive: true, expiresAt: null } });
    expect(renderHook(() => useDemoAccessEnded(persistent)).result.current).toBe(false);
  });
});
