import type { Page } from 'playwright-core';

/**
 * Issue 19: card payments in journeys, against the fake Stripe that global-setup starts. Journeys cannot add a card in
 * the browser (Stripe.js loads from js.stripe.com, unreachable here), so they enable card payments and save methods
 * through the API, as the signed-in page (its session and CSRF cookie).
 */

/** An API call made by the page itself (same origin, its cookies, the CSRF header the web app would send). */
export async function apiAsPage<T = unknown>(page: Page, method: string, path: string, body?: unknown): Promise<{ status: number; body: T }> {
  return page.evaluate(
    async ({ method, path, body }) => {
      const csrf =
        document.cookie
          .split('; ')
          .find((c) => c.startsWith('csrftoken='))
          ?.slice('csrftoken='.length) ?? '';
      const res = await fetch(path, {
        method,
        credentials: 'include',
        headers: { 'content-type': 'application/json', 'x-csrftoken': decodeURIComponent(csrf) },
        body: body === undefined ? (method === 'GET' ? undefined : '{}') : JSON.stringify(body),
      });
      return { status: res.status, body: (await res.json()) as T };
    },
    { method, path, body },
  );
}

/**
 * Card payments on for the signed-in owner's gym: its connected account made through the API and its onboarding
 * "finished" at the fake (which sends account.updated back to the server's webhook). Idempotent.
 */
export async function enableCardPayments(ownerPage: Page): Promise<void> {
  const account = await apiAsPage<{ cardPaymentsEnabled: boolean }>(ownerPage, 'GET', '/api/payments/account/');
  if (account.body.cardPaymentsEnabled) return;
  const link = await apiAsPage<{ url: string }>(ownerPage, 'POST', '/api/payments/account/onboarding/');
  if (link.status !== 200) throw new Error(`onboarding answered ${link.status}: ${JSON.stringify(link.body)}`);
  const finished = await fetch(link.body.url, { method: 'POST', redirect: 'manual' });
  if (finished.status !== 302) throw new Error(`the fake's onboarding answered ${finished.status}`);
  const after = await apiAsPage<{ cardPaymentsEnabled: boolean }>(ownerPage, 'GET', '/api/payments/account/');
  if (!after.body.cardPaymentsEnabled) throw new Error('card payments are still off after onboarding');
}

/** Saves one of Stripe's test methods (pm_card_visa, pm_card_chargeDeclined, pm_usBankAccount_success…) for the signed-in athlete. */
export async function saveTestMethod(athletePage: Page, providerMethodId: string, nickname?: string): Promise<string> {
  const saved = await apiAsPage<{ results: { paymentMethodId: string; metadata: { last4: string | null } }[] }>(
    athletePage,
    'POST',
    '/api/me/payment-methods/',
    { providerMethodId, nickname },
  );
  if (saved.status !== 201 && saved.status !== 200) throw new Error(`saving ${providerMethodId} answered ${saved.status}: ${JSON.stringify(saved.body)}`);
  return saved.body.results[0]!.paymentMethodId;
}
