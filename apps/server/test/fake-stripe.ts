import http from 'node:http';
import { randomBytes } from 'node:crypto';
import Stripe from 'stripe';

/**
 * Issue 19: a local fake of the part of Stripe's HTTP API Spotter uses, so tests run the real `stripe` SDK with nothing
 * outside this machine reachable. It speaks what the SDK sends: form-encoded bodies with bracketed keys, the
 * `Stripe-Account` header for a connected account, and `Idempotency-Key` (the same key answers the first response).
 *
 * Test payment method ids behave like Stripe's: `pm_card_visa` (and `pm_card_mastercard`) succeed,
 * `pm_card_chargeDeclined` is declined (`card_declined`), `pm_usBankAccount_success` and `pm_acssDebit_success` stay
 * processing until `settle()` (then `payment_intent.succeeded` is sent to the webhook URL, when one is set).
 *
 * An account link's url is this server's `/onboarding/{account}` page: submitting its form completes onboarding (charges
 * and payouts enabled), sends `account.updated` and redirects to the link's return url, like finishing Stripe's forms.
 */

export const FAKE_WEBHOOK_SECRET = 'whsec_fake_spotter_tests';
export const FAKE_SECRET_KEY = 'sk_test_fake_spotter';

type Behaviour = 'succeed' | 'decline' | 'process';
type Obj = Record<string, unknown>;

type FakeMethod = {
  id: string;
  object: 'payment_method';
  type: string;
  customer: string | null;
  card?: Obj;
  us_bank_account?: Obj;
  acss_debit?: Obj;
  behaviour: Behaviour;
  account: string;
};
type FakeIntent = Obj & { id: string; status: string; amount: number; currency: string; account: string; refunded: number };

const TEST_METHODS: Record<string, Omit<FakeMethod, 'id' | 'customer' | 'account' | 'object'>> = {
  pm_card_visa: { type: 'card', card: { brand: 'visa', last4: '4242', exp_month: 12, exp_year: 2034 }, behaviour: 'succeed' },
  pm_card_mastercard: { type: 'card', card: { brand: 'mastercard', last4: '4444', exp_month: 12, exp_year: 2034 }, behaviour: 'succeed' },
  pm_card_chargeDeclined: { type: 'card', card: { brand: 'visa', last4: '0002', exp_month: 12, exp_year: 2034 }, behaviour: 'decline' },
  pm_usBankAccount_success: {
    type: 'us_bank_account',
    us_bank_account: { bank_name: 'STRIPE TEST BANK', last4: '6789', account_type: 'checking' },
    behaviour: 'process',
  },
  pm_acssDebit_success: {
    type: 'acss_debit',
    acss_debit: { bank_name: 'TEST BANK', last4: '6789', institution_number: '000', transit_number: '11000' },
    behaviour: 'process',
  },
};

export type FakeStripeState = {
  accounts: Map<string, Obj & { id: string; type: string; charges_enabled: boolean; payouts_enabled: boolean; details_submitted: boolean }>;
  customers: Map<string, Obj & { id: string; account: string }>;
  setupIntents: Map<string, Obj & { id: string }>;
  methods: Map<string, FakeMethod>;
  intents: Map<string, FakeIntent>;
  refunds: Map<string, Obj & { id: string }>;
  /** Every request the SDK made (method, path, connected account, idempotency key). */
  requests: { method: string; path: string; account: string | null; idempotencyKey: string | null }[];
  /** Where events are POSTed when set (the server's /api/payments/webhook/), signed with FAKE_WEBHOOK_SECRET. */
  webhookUrl: string | null;
  /** Or how they are delivered (server tests: app.inject); answers the HTTP status. */
  deliver: ((payload: string, signature: string) => Promise<number>) | null;
  /** Events sent (or built) so far. */
  events: Obj[];
  /** While set, requests whose path starts with it answer 500 (an outage of that API; the SDK's retries fail too). */
  outage: string | null;
};

export type FakeStripe = {
  url: string;
  /** What the server's config takes: STRIPE_API_BASE, STRIPE_SECRET_KEY, STRIPE_WEBHOOK_SECRET. */
  env: { STRIPE_API_BASE: string; STRIPE_SECRET_KEY: string; STRIPE_WEBHOOK_SECRET: string };
  state: FakeStripeState;
  /** A signed webhook delivery of an event (the SDK's own test header helper), not sent. */
  signedEvent: (
    type: string,
    object: Obj,
    opts?: { account?: string | null; created?: number; id?: string },
  ) => { event: Obj; payload: string; signature: string };
  /** Builds, signs and (when webhookUrl is set) POSTs an event; answers the delivery. */
  sendEvent: (
    type: string,
    object: Obj,
    opts?: { account?: string | null; created?: number },
  ) => Promise<{ event: Obj; payload: string; signature: string; status: number | null }>;
  /** Completes onboarding of an account (as its forms would) and sends account.updated. */
  completeOnboarding: (accountId: string) => Promise<void>;
  /** What Stripe.js does in the browser: confirms a SetupIntent with a test method (attached to its customer) and sends setup_intent.succeeded. */
  confirmSetup: (setupIntentId: string, testMethodId: string) => Promise<{ paymentMethodId: string }>;
  /** Ends a processing intent (a bank debit) as succeeded or failed and sends its event. */
  settle: (paymentIntentId: string, outcome: 'succeeded' | 'failed') => Promise<void>;
  /** Waits until every event sent on its own (after a charge) has been delivered. */
  idle: () => Promise<void>;
  close: () => Promise<void>;
};

const id = (prefix: string) => `${prefix}_${randomBytes(12).toString('hex')}`;
const nowSeconds = () => Math.floor(Date.now() / 1000);

/** Parses `a[b][0]=x&c=y` (what the SDK sends) into nested objects and arrays. */
export function parseForm(body: string): Obj {
  const out: Obj = {};
  for (const [rawKey, value] of new URLSearchParams(body)) {
    const parts = rawKey.split(/\[|\]\[|\]/).filter((p) => p !== '');
    let node: Obj = out;
    parts.forEach((part, i) => {
      if (i === parts.length - 1) {
        node[part] = value;
        return;
      }
      const next = parts[i + 1]!;
      node[part] ??= /^\d+$/.test(next) ? [] : {};
      node = node[part] as Obj;
    });
  }
  return out;
}

class FakeError extends Error {
  constructor(
    readonly status: number,
    readonly body: Obj,
  ) {
    super(String(body.message));
  }
}
const invalid = (message: string, param?: string, status = 400) =>
  new FakeError(status, { type: 'invalid_request_error', message, ...(param ? { param } : {}) });
const missing = (what: string, value: string) => invalid(`No such ${what}: '${value}'`, undefined, 404);

export async function startFakeStripe(opts: { webhookUrl?: string | null } = {}): Promise<FakeStripe> {
  const state: FakeStripeState = {
    accounts: new Map(),
    customers: new Map(),
    setupIntents: new Map(),
    methods: new Map(),
    intents: new Map(),
    refunds: new Map(),
    requests: [],
    webhookUrl: opts.webhookUrl ?? null,
    deliver: null,
    events: [],
    outage: null,
  };
  const idempotent = new Map<string, { status: number; body: string }>();
  const stripe = new Stripe(FAKE_SECRET_KEY);

  const signedEvent: FakeStripe['signedEvent'] = (type, object, o = {}) => {
    const event = {
      id: o.id ?? id('evt'),
      object: 'event',
      api_version: '2026-10-28.endive',
      created: o.created ?? nowSeconds(),
      livemode: false,
      type,
      account: o.account ?? undefined,
      data: { object },
      pending_webhooks: 1,
      request: { id: null, idempotency_key: null },
    };
    const payload = JSON.stringify(event);
    return { event, payload, signature: stripe.webhooks.generateTestHeaderString({ payload, secret: FAKE_WEBHOOK_SECRET }) };
  };
  const sendEvent: FakeStripe['sendEvent'] = async (type, object, o = {}) => {
    const delivery = signedEvent(type, object, o);
    state.events.push(delivery.event);
    if (state.deliver) return { ...delivery, status: await state.deliver(delivery.payload, delivery.signature) };
    if (!state.webhookUrl) return { ...delivery, status: null };
    const res = await fetch(state.webhookUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/json; charset=utf-8', 'stripe-signature': delivery.signature },
      body: delivery.payload,
    });
    return { ...delivery, status: res.status };
  };

  // Like Stripe, a confirmed charge's outcome is also sent as an event, on its own time: it may reach the server
  // before or after the API's answer does.
  const inFlight = new Set<Promise<unknown>>();
  const later = (type: string, pi: FakeIntent) => {
    if (!state.deliver && !state.webhookUrl) return;
    const snapshot = publicIntent(pi);
    const p: Promise<unknown> = new Promise((r) => setImmediate(r))
      .then(() => sendEvent(type, snapshot, { account: pi.account }))
      .catch(() => undefined)
      .finally(() => inFlight.delete(p));
    inFlight.add(p);
  };
  const publicIntent = (pi: FakeIntent): Obj => {
    const { account: _account, refunded: _refunded, ...rest } = pi;
    return rest;
  };
  const publicMethod = (m: FakeMethod): Obj => {
    const { behaviour: _b, account: _a, ...rest } = m;
    return rest;
  };

  const methodOf = (account: string, pmId: string): FakeMethod => {
    const saved = state.methods.get(pmId);
    if (saved && saved.account === account) return saved;
    const test = TEST_METHODS[pmId];
    if (test) return { id: pmId, object: 'payment_method', customer: null, account, ...test };
    throw missing('payment_method', pmId);
  };

  const completeOnboarding = async (accountId: string) => {
    const acct = state.accounts.get(accountId);
    if (!acct) throw new Error(`No fake account ${accountId}`);
    Object.assign(acct, { charges_enabled: true, payouts_enabled: true, details_submitted: true });
    await sendEvent('account.updated', { ...acct }, { account: accountId });
  };

  const confirmSetup: FakeStripe['confirmSetup'] = async (setupIntentId, testMethodId) => {
    const si = state.setupIntents.get(setupIntentId) as (Obj & { id: string; account: string; customer: string }) | undefined;
    const test = TEST_METHODS[testMethodId];
    if (!si || !test) throw new Error(`No fake setup intent ${setupIntentId} or test method ${testMethodId}`);
    const method: FakeMethod = { id: id('pm'), object: 'payment_method', customer: si.customer, account: si.account, ...test };
    state.methods.set(method.id, method);
    Object.assign(si, { status: 'succeeded', payment_method: method.id });
    const { account: _a, client_secret: _c, ...visible } = si;
    await sendEvent('setup_intent.succeeded', visible, { account: si.account });
    return { paymentMethodId: method.id };
  };

  const settle: FakeStripe['settle'] = async (piId, outcome) => {
    const pi = state.intents.get(piId);
    if (!pi) throw new Error(`No fake payment intent ${piId}`);
    pi.status = outcome === 'succeeded' ? 'succeeded' : 'requires_payment_method';
    if (outcome === 'failed') pi.last_payment_error = { code: 'debit_not_authorized', message: 'The customer’s bank refused the debit.' };
    await sendEvent(outcome === 'succeeded' ? 'payment_intent.succeeded' : 'payment_intent.payment_failed', publicIntent(pi), { account: pi.account });
  };

  function handle(method: string, path: string, account: string | null, form: Obj, query: URLSearchParams, base: string): Obj {
    const seg = path
      .replace(/^\/v1\//, '')
      .split('/')
      .filter(Boolean);
    const acct = (): string => {
      if (!account) throw invalid('This call needs a connected account (Stripe-Account).');
      if (!state.accounts.has(account)) throw missing('account', account);
      return account;
    };
    // Connect: accounts, account links, login links.
    if (seg[0] === 'accounts' && seg.length === 1 && method === 'POST') {
      const type = String(form.type ?? 'standard');
      if (!['standard', 'express', 'custom'].includes(type)) throw invalid(`Invalid type: ${type}`, 'type');
      if (type === 'custom' && !(form.capabilities && typeof form.capabilities === 'object'))
        throw invalid('Custom accounts must request capabilities.', 'capabilities');
      const a = {
        id: id('acct'),
        object: 'account',
        type,
        email: form.email ?? null,
        country: form.country ?? 'US',
        metadata: form.metadata ?? {},
        charges_enabled: false,
        payouts_enabled: false,
        details_submitted: false,
        created: nowSeconds(),
      };
      state.accounts.set(a.id, a);
      return a;
    }
    if (seg[0] === 'accounts' && seg.length === 2 && method === 'GET') {
      const a = state.accounts.get(seg[1]!);
      if (!a) throw missing('account', seg[1]!);
      return a;
    }
    if (seg[0] === 'accounts' && seg[2] === 'login_links' && method === 'POST') {
      if (!state.accounts.has(seg[1]!)) throw missing('account', seg[1]!);
      return { object: 'login_link', url: `${base}/express/${seg[1]}`, created: nowSeconds() };
    }
    if (seg[0] === 'account_links' && method === 'POST') {
      const target = String(form.account ?? '');
      if (!state.accounts.has(target)) throw missing('account', target);
      if (!form.refresh_url || !form.return_url) throw invalid('refresh_url and return_url are required.', 'return_url');
      const link = new URL(`${base}/onboarding/${target}`);
      link.searchParams.set('return_url', String(form.return_url));
      return { object: 'account_link', url: link.toString(), created: nowSeconds(), expires_at: nowSeconds() + 300 };
    }
    // The connected account's balance and payouts.
    if (seg[0] === 'balance' && method === 'GET') {
      acct();
      let available = 0;
      for (const pi of state.intents.values()) if (pi.account === account && pi.status === 'succeeded') available += pi.amount - pi.refunded;
      return { object: 'balance', livemode: false, available: [{ amount: available, currency: 'usd' }], pending: [{ amount: 0, currency: 'usd' }] };
    }
    if (seg[0] === 'payouts' && method === 'GET') {
      acct();
      const limit = Number(query.get('limit') ?? 10);
      const data = [
        { id: 'po_fake_1', object: 'payout', amount: 125000, currency: 'usd', status: 'paid', arrival_date: nowSeconds() - 7 * 86400 },
        { id: 'po_fake_2', object: 'payout', amount: 98050, currency: 'usd', status: 'in_transit', arrival_date: nowSeconds() + 86400 },
      ].slice(0, limit);
      return { object: 'list', url: '/v1/payouts', has_more: false, data };
    }
    // Customers and saving a method.
    if (seg[0] === 'customers' && seg.length === 1 && method === 'POST') {
      const c = { id: id('cus'), object: 'customer', email: form.email ?? null, name: form.name ?? null, metadata: form.metadata ?? {}, account: acct() };
      state.customers.set(c.id, c);
      const { account: _a, ...rest } = c;
      return rest;
    }
    if (seg[0] === 'setup_intents' && seg.length === 1 && method === 'POST') {
      const a = acct();
      const customer = String(form.customer ?? '');
      if (state.customers.get(customer)?.account !== a) throw missing('customer', customer);
      const si = {
        id: id('seti'),
        object: 'setup_intent',
        customer,
        status: 'requires_payment_method',
        usage: form.usage ?? 'off_session',
        payment_method_types: form.allowed_payment_method_types ?? ['card'],
        metadata: form.metadata ?? {},
        payment_method: null as string | null,
      };
      const full = { ...si, client_secret: `${si.id}_secret_${randomBytes(8).toString('hex')}` };
      state.setupIntents.set(si.id, { ...full, account: a });
      return full;
    }
    if (seg[0] === 'payment_methods' && seg.length === 2 && method === 'GET') return publicMethod(methodOf(acct(), seg[1]!));
    if (seg[0] === 'payment_methods' && seg[2] === 'attach' && method === 'POST') {
      const a = acct();
      const customer = String(form.customer ?? '');
      if (state.customers.get(customer)?.account !== a) throw missing('customer', customer);
      const source = methodOf(a, seg[1]!);
      if (source.customer && source.customer !== customer) throw invalid('This PaymentMethod is attached to another customer.');
      // A test id attaches as a new method of the customer (like Stripe's test tokens); a real one in place.
      const attached: FakeMethod = state.methods.has(source.id) ? source : { ...source, id: id('pm') };
      attached.customer = customer;
      state.methods.set(attached.id, attached);
      return publicMethod(attached);
    }
    if (seg[0] === 'payment_methods' && seg[2] === 'detach' && method === 'POST') {
      const m = methodOf(acct(), seg[1]!);
      m.customer = null;
      return publicMethod(m);
    }
    // Charging: PaymentIntents confirmed at once, off session.
    if (seg[0] === 'payment_intents' && seg.length === 1 && method === 'POST') {
      const a = acct();
      const amount = Number(form.amount);
      if (!Number.isInteger(amount) || amount < 1) throw invalid('Amount must be a positive integer.', 'amount');
      const customer = String(form.customer ?? '');
      const m = methodOf(a, String(form.payment_method ?? ''));
      if (m.customer !== customer) throw invalid('The PaymentMethod is not attached to this customer.', 'payment_method');
      const types = (form.allowed_payment_method_types as string[] | undefined) ?? ['card'];
      if (!types.includes(m.type)) throw invalid(`The PaymentMethod's type ${m.type} is not in allowed_payment_method_types.`, 'allowed_payment_method_types');
      const pi: FakeIntent = {
        id: id('pi'),
        object: 'payment_intent',
        amount,
        currency: String(form.currency),
        customer,
        payment_method: m.id,
        description: form.description ?? null,
        metadata: form.metadata ?? {},
        created: nowSeconds(),
        status: form.confirm === 'true' ? 'processing' : 'requires_confirmation',
        latest_charge: null,
        last_payment_error: null,
        account: a,
        refunded: 0,
      };
      state.intents.set(pi.id, pi);
      if (form.confirm === 'true') {
        if (m.behaviour === 'succeed') {
          Object.assign(pi, { status: 'succeeded', latest_charge: id('ch') });
          later('payment_intent.succeeded', pi);
        }
        if (m.behaviour === 'decline') {
          const error = { code: 'card_declined', decline_code: 'generic_decline', message: 'Your card was declined.', type: 'card_error' };
          Object.assign(pi, { status: 'requires_payment_method', last_payment_error: error });
          later('payment_intent.payment_failed', pi);
          throw new FakeError(402, { ...error, payment_intent: publicIntent(pi) });
        }
      }
      return publicIntent(pi);
    }
    if (seg[0] === 'payment_intents' && seg.length === 2 && method === 'GET') {
      const pi = state.intents.get(seg[1]!);
      if (!pi || pi.account !== acct()) throw missing('payment_intent', seg[1]!);
      return publicIntent(pi);
    }
    if (seg[0] === 'refunds' && seg.length === 1 && method === 'POST') {
      const a = acct();
      const pi = state.intents.get(String(form.payment_intent ?? ''));
      if (!pi || pi.account !== a) throw missing('payment_intent', String(form.payment_intent));
      if (pi.status !== 'succeeded') throw invalid('This PaymentIntent has not succeeded; there is nothing to refund.');
      const amount = form.amount === undefined ? pi.amount - pi.refunded : Number(form.amount);
      if (!Number.isInteger(amount) || amount < 1 || amount > pi.amount - pi.refunded)
        throw invalid(`Refund amount (${amount}) is greater than the unrefunded amount.`, 'amount');
      pi.refunded += amount;
      const r = {
        id: id('re'),
        object: 'refund',
        amount,
        currency: pi.currency,
        payment_intent: pi.id,
        status: 'succeeded',
        reason: form.reason ?? null,
        metadata: form.metadata ?? {},
        created: nowSeconds(),
      };
      state.refunds.set(r.id, r);
      return r;
    }
    throw invalid(`Unrecognized request URL (${method}: ${path}).`, undefined, 404);
  }

  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      void (async () => {
        const url = new URL(req.url ?? '/', base());
        // The onboarding "forms": finishing them enables the account and returns to the app.
        const onboarding = /^\/onboarding\/(acct_\w+)$/.exec(url.pathname);
        if (onboarding && req.method === 'GET') {
          const action = `${url.pathname}${url.search}`.replace(/&/g, '&amp;').replace(/"/g, '&quot;');
          res
            .writeHead(200, { 'content-type': 'text/html; charset=utf-8' })
            .end(
              `<!doctype html><html lang="en"><head><title>Fake Stripe onboarding</title></head><body><main><h1>Fake Stripe onboarding</h1><form method="post" action="${action}"><button type="submit">Finish onboarding</button></form></main></body></html>`,
            );
          return;
        }
        if (onboarding && req.method === 'POST') {
          try {
            await completeOnboarding(onboarding[1]!);
            res.writeHead(302, { location: url.searchParams.get('return_url') ?? '/' }).end();
          } catch (e) {
            res.writeHead(404, { 'content-type': 'text/plain' }).end(String(e));
          }
          return;
        }
        const send = (status: number, body: string) => res.writeHead(status, { 'content-type': 'application/json', 'request-id': id('req') }).end(body);
        if (req.headers.authorization !== `Bearer ${FAKE_SECRET_KEY}`) {
          return send(401, JSON.stringify({ error: { type: 'invalid_request_error', message: 'Invalid API Key provided.' } }));
        }
        const account = (req.headers['stripe-account'] as string | undefined) ?? null;
        const key = (req.headers['idempotency-key'] as string | undefined) ?? null;
        state.requests.push({ method: req.method ?? 'GET', path: url.pathname, account, idempotencyKey: key });
        if (state.outage && url.pathname.startsWith(state.outage))
          return send(500, JSON.stringify({ error: { type: 'api_error', message: 'The fake is having an outage.' } }));
        const cacheKey = key && req.method === 'POST' ? `${account ?? ''}|${url.pathname}|${key}` : null;
        const cached = cacheKey ? idempotent.get(cacheKey) : undefined;
        if (cached) {
          res.setHeader('idempotent-replayed', 'true');
          return send(cached.status, cached.body);
        }
        let status = 200;
        let body: string;
        try {
          body = JSON.stringify(
            handle(req.method ?? 'GET', url.pathname, account, parseForm(Buffer.concat(chunks).toString('utf8')), url.searchParams, base()),
          );
        } catch (e) {
          if (!(e instanceof FakeError)) throw e;
          status = e.status;
          body = JSON.stringify({ error: e.body });
        }
        if (cacheKey && status < 500) idempotent.set(cacheKey, { status, body });
        send(status, body);
      })().catch((e: unknown) =>
        res.writeHead(500, { 'content-type': 'application/json' }).end(JSON.stringify({ error: { type: 'api_error', message: String(e) } })),
      );
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  const base = () => `http://127.0.0.1:${port}`;
  return {
    url: base(),
    env: { STRIPE_API_BASE: base(), STRIPE_SECRET_KEY: FAKE_SECRET_KEY, STRIPE_WEBHOOK_SECRET: FAKE_WEBHOOK_SECRET },
    state,
    signedEvent,
    sendEvent,
    completeOnboarding,
    confirmSetup,
    settle,
    idle: async () => {
      while (inFlight.size > 0) await Promise.all([...inFlight]);
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
