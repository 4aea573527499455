import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { fireEvent, screen } from '@testing-library/react';
import { render } from '../../../testing/render';
import { useAthleteActions } from './athlete-dialogs';
import { EVENT_ID, staffSession } from './kiosk-test-fixtures';

describe('useAthleteActions', () => {
  it('keeps its callbacks across renders, so the memoised athlete rows are not all drawn again on a tap', () => {
    const seen: ReturnType<typeof useAthleteActions>[] = [];
    function Probe() {
      const [renders, setRenders] = useState(0);
      seen.push(useAthleteActions(EVENT_ID, 'class'));
      return (
        <button type="button" onClick={() => setRenders(renders + 1)}>
          Render again
        </button>
      );
    }
    render(<Probe />, { session: staffSession() });
    fireEvent.click(screen.getByRole('button', { name: 'Render again' }));
    fireEvent.click(screen.getByRole('button', { name: 'Render again' }));
    expect(seen.length).toBeGreaterThanOrEqual(3);
    const [first, ...later] = seen;
    for (const actions of later) {
      expect(actions.toggle).toBe(first!.toggle);
      expect(actions.open).toBe(first!.open);
      expect(actions.close).toBe(first!.close);
    }
  });
});
