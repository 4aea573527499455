import { useEffect, useRef, useState } from 'react';
import { Alert, Button, Group, Stack, TextInput } from '@mantine/core';
import type { Stripe, StripeElements } from '@stripe/stripe-js';
import { getRuntimeConfig } from '../../../lib/runtime-config';
import { useSaveMethod, useStartSavingMethod } from '../api/payment-methods';

type Started = { stripe: Stripe; elements: StripeElements };

/**
 * Issue 19: adding a card or bank account with Stripe.js (the Payment Element confirms a SetupIntent on the gym's
 * account; the card data never reaches Spotter). Shown only when the server has a public key; Stripe.js is loaded
 * (from js.stripe.com) when the athlete asks to add a method, not before.
 */
export function AddPaymentMethod({ compact = false }: { compact?: boolean }) {
  const publicKey = getRuntimeConfig().stripePublicKey;
  const start = useStartSavingMethod();
  const save = useSaveMethod();
  const mount = useRef<HTMLDivElement>(null);
  const [started, setStarted] = useState<Started | null>(null);
  const [nickname, setNickname] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    if (!started || !mount.current) return;
    const element = started.elements.create('payment');
    element.mount(mount.current);
    return () => element.destroy();
  }, [started]);

  if (!publicKey) return null;

  const open = () => {
    setError(null);
    start.mutate(undefined, {
      onSuccess: async (si) => {
        try {
          const { loadStripe } = await import('@stripe/stripe-js/pure');
          const stripe = await loadStripe(si.publicKey ?? publicKey, { stripeAccount: si.accountId });
          if (!stripe) throw new Error('Stripe.js did not load.');
          setStarted({ stripe, elements: stripe.elements({ clientSecret: si.clientSecret }) });
        } catch {
          setError('The secure card form could not be loaded. Check your connection and try again.');
        }
      },
    });
  };

  const confirm = async () => {
    if (!started) return;
    setBusy(true);
    setError(null);
    const result = await started.stripe.confirmSetup({
      elements: started.elements,
      redirect: 'if_required',
      confirmParams: { return_url: window.location.href },
    });
    setBusy(false);
    if (result.error) return setError(result.error.message ?? 'The payment method could not be saved.');
    const pm = result.setupIntent.payment_method;
    const providerMethodId = typeof pm === 'string' ? pm : pm?.id;
    if (!providerMethodId) return setError('The payment method could not be saved.');
    save.mutate({ providerMethodId, nickname: nickname.trim() || undefined }, { onSuccess: () => setStarted(null) });
  };

  if (!started) {
    return (
      <Group>
        <Button variant={compact ? 'subtle' : 'default'} onClick={open} loading={start.isPending}>
          Add a payment method
        </Button>
        {error && (
          <Alert color="red" role="alert">
            {error}
          </Alert>
        )}
      </Group>
    );
  }
  return (
    <Stack gap="sm">
      <div ref={mount} />
      <TextInput label="Nickname (optional)" value={nickname} onChange={(e) => setNickname(e.currentTarget.value)} maxLength={50} />
      {error && (
        <Alert color="red" role="alert">
          {error}
        </Alert>
      )}
      <Group>
        <Button onClick={() => void confirm()} loading={busy || save.isPending}>
          Save payment method
        </Button>
        <Button variant="default" onClick={() => setStarted(null)}>
          Cancel
        </Button>
      </Group>
    </Stack>
  );
}
