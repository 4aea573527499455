import type { ReactNode } from 'react';
import { Alert, Button, Stack, Text } from '@mantine/core';
import { usePaymentAccount, useStartOnboarding } from '../api/payment-methods';

/**
 * Issue 19: the Onboard page's next step. "Set up payments" creates the gym's connected account (of its account type)
 * and goes to the provider's onboarding; back from it, the page reads the account again and the app opens once card
 * payments are enabled. Renders nothing for callers who cannot manage payments or when no provider is configured.
 */
export function SetUpPayments({ fallback }: { fallback: ReactNode }) {
  const account = usePaymentAccount();
  const start = useStartOnboarding();
  if (account.isPending) return <Text c="dimmed">Checking your payment setup…</Text>;
  if (account.isError || !account.data.providerConfigured) return <>{fallback}</>;
  const returned = new URLSearchParams(window.location.search).get('payments') === 'return';
  return (
    <Stack gap="sm" align="flex-start">
      <Text>
        {account.data.hasAccount
          ? 'You have started with Stripe: continue where you left off.'
          : 'It takes a few minutes with Stripe: your business details and a bank account for payouts.'}
      </Text>
      {returned && !account.data.chargesEnabled && (
        <Alert color="yellow" c="#6b4a00" title="Not finished yet">
          Stripe still needs some details before you can take payments.
        </Alert>
      )}
      <Button onClick={() => start.mutate(undefined, { onSuccess: ({ url }) => window.location.assign(url) })} loading={start.isPending}>
        {account.data.hasAccount ? 'Continue payment setup' : 'Set up payments'}
      </Button>
    </Stack>
  );
}
