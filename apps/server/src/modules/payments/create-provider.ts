import type { Config } from '../../config';
import type { PaymentProvider } from './provider';

/**
 * The configured payment provider: none until a secret key is set (STRIPE_SECRET_KEY). Issue 19's Stripe implementation
 * (stripe-provider.ts) is returned here once it exists.
 */
export function createPaymentProvider(config: Config): PaymentProvider | null {
  void config;
  return null;
}
