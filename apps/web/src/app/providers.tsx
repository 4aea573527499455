import { useState, type ReactNode } from 'react';
import { MantineProvider } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { createQueryClient } from '../lib/query-client';
import { NOTIFICATION_AUTO_CLOSE_MS } from '../lib/notify';
import { cssVariablesResolver, theme } from './theme';

/** `env="test"` turns off Mantine transitions and portals for component tests. */
type AppProvidersProps = { children: ReactNode; queryClient?: QueryClient; env?: 'default' | 'test' };

export function AppProviders({ children, queryClient, env = 'default' }: AppProvidersProps) {
  const [client] = useState(() => queryClient ?? createQueryClient());
  return (
    <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver} defaultColorScheme="light" env={env}>
      <Notifications autoClose={NOTIFICATION_AUTO_CLOSE_MS} position="top-right" />
      <QueryClientProvider client={client}>{children}</QueryClientProvider>
    </MantineProvider>
  );
}
