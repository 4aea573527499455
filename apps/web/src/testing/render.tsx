import type { ReactElement, ReactNode } from 'react';
import { render as rtlRender, type RenderOptions } from '@testing-library/react';
import { QueryClient } from '@tanstack/react-query';
import { MemoryRouter } from 'react-router';
import type { Session } from '@spotter/shared';
import { AppProviders } from '../app/providers';
import { sessionQueryKey } from '../features/auth/api/get-session';

type Options = RenderOptions & { route?: string; session?: Session | null; queryClient?: QueryClient };

export function createTestQueryClient(): QueryClient {
  return new QueryClient({ defaultOptions: { queries: { retry: false, gcTime: Infinity }, mutations: { retry: false } } });
}

/** Renders through every provider the app uses; `session` seeds the session query. */
export function render(ui: ReactElement, { route = '/', session, queryClient = createTestQueryClient(), ...options }: Options = {}) {
  if (session !== undefined) queryClient.setQueryData(sessionQueryKey, session);
  const wrapper = ({ children }: { children: ReactNode }) => (
    <AppProviders queryClient={queryClient} env="test">
      <MemoryRouter initialEntries={[route]}>{children}</MemoryRouter>
    </AppProviders>
  );
  return { queryClient, ...rtlRender(ui, { wrapper, ...options }) };
}
