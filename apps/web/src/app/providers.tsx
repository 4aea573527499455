import { lazy, Suspense, useState, type ComponentType, type ReactNode } from 'react';
import { MantineProvider } from '@mantine/core';
import { useNotifications } from '@mantine/notifications';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { createQueryClient } from '../lib/query-client';
import { cssVariablesResolver, theme } from './theme';

// Most visits show no notification at all; the container and its transitions load with the first one. A chunk
// that fails to load shows none rather than taking the whole app down (the providers sit outside the error boundary).
const NotificationsHost = lazy(async (): Promise<{ default: ComponentType }> => {
  try {
    return { default: (await import('./notifications-host')).NotificationsHost };
  } catch {
    return { default: () => null };
  }
});

function NotificationsOnDemand() {
  const { notifications, queue } = useNotifications();
  const [isNeeded, setIsNeeded] = useState(false);
  if (!isNeeded && notifications.length + queue.length > 0) setIsNeeded(true);
  if (!isNeeded) return null;
  return (
    <Suspense fallback={null}>
      <NotificationsHost />
    </Suspense>
  );
}

/** `env="test"` turns off Mantine transitions and portals for component tests. */
type AppProvidersProps = { children: ReactNode; queryClient?: QueryClient; env?: 'default' | 'test' };

export function AppProviders({ children, queryClient, env = 'default' }: AppProvidersProps) {
  const [client] = useState(() => queryClient ?? createQueryClient());
  return (
    <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver} defaultColorScheme="light" env={env}>
      <NotificationsOnDemand />
      <QueryClientProvider client={client}>{children}</QueryClientProvider>
    </MantineProvider>
  );
}
