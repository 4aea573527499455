import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { render } from '../../../testing/render';
import { buildSession } from '../../../testing/factories';
import { PanelLoader } from './panel-states';

describe('PanelLoader', () => {
  it('is a named status (a bare span may not carry aria-label: axe aria-prohibited-attr)', () => {
    render(<PanelLoader />, { session: buildSession({ role: 'owner' }) });
    expect(screen.getByRole('status', { name: 'Loading account details' })).toBeTruthy();
  });
});
