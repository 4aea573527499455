import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen } from '@testing-library/react';
import { render } from '../../../testing/render';
import { callsTo, jsonResponse, stubFetch } from '../../../testing/stub-fetch';
import { runSummary } from '../api/billing';
import { RunBillingButton } from './run-billing-button';

afterEach(() => vi.unstubAllGlobals());

describe('Run billing now (issue 19)', () => {
  it('words what a run did', () => {
    expect(runSummary({ invoices: 0, charges: 0, overdue: 0 })).toBe('Nothing was due.');
    expect(runSummary({ invoices: 1, charges: 1, overdue: 2 })).toBe('1 invoice made, 1 saved method being charged, 2 invoices now past due.');
  });

  it('runs the billing once per click and says what it did', async () => {
    const fetchMock = stubFetch((url, init) =>
      url === '/api/payments/billing-run/' && init?.method === 'POST' ? jsonResponse({ invoices: 2, charges: 1, overdue: 0 }) : undefined,
    );
    render(<RunBillingButton />);
    fireEvent.click(screen.getByRole('button', { name: 'Run billing now' }));
    expect(await screen.findByText('2 invoices made, 1 saved method being charged, 0 invoices now past due.')).toBeTruthy();
    expect(callsTo(fetchMock, 'POST', '/api/payments/billing-run/')).toHaveLength(1);
  });
});
