import { describe, expect, it } from 'vitest';
import { ApiError } from './api-client';
import { createQueryClient } from './query-client';

describe('createQueryClient', () => {
  it('refreshes the session when a call is refused because the demo ended (decision 008)', async () => {
    const client = createQueryClient();
    client.setQueryData(['session'], { role: 'owner' });
    await client
      .fetchQuery({ queryKey: ['banners'], queryFn: () => Promise.reject(new ApiError(403, 'Your 48-hour demo access has ended.', 'demo_expired')) })
      .catch(() => undefined);
    expect(client.getQueryState(['session'])?.isInvalidated).toBe(true);
  });

  it('leaves the session alone for other refusals', async () => {
    const client = createQueryClient();
    client.setQueryData(['session'], { role: 'owner' });
    await client.fetchQuery({ queryKey: ['banners'], queryFn: () => Promise.reject(new ApiError(403, 'No.', 'forbidden')) }).catch(() => undefined);
    expect(client.getQueryState(['session'])?.isInvalidated).toBe(false);
  });

  it('does the same for a refused change', async () => {
    const client = createQueryClient();
    client.setQueryData(['session'], { role: 'owner' });
    const mutation = client.getMutationCache().build(client, {
      mutationFn: () => Promise.reject(new ApiError(403, 'This demo gym is no longer active.', 'demo_inactive')),
    });
    await mutation.execute(undefined).catch(() => undefined);
    expect(client.getQueryState(['session'])?.isInvalidated).toBe(true);
  });
});
