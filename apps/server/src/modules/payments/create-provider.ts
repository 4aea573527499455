import type { Config } from '../../config';
import type { PaymentProvider } from '../../lib/payment-provider';
import { createStripeProvider } from './stripe-provider';

/**
 * The configured payment provider: Stripe (decision 034) when a secret key is set (STRIPE_SECRET_KEY), else none:
 * card options are hidden and everything manual still works.
 */
export function createPaymentProvider(config: Config): PaymentProvider | null {
  return config.stripe ? createStripeProvider(config.stripe) : null;
}
