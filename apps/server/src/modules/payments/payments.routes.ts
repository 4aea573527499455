import type { FastifyInstance, FastifyRequest } from 'fastify';
import { endpoints, paymentsMessages, type PaymentAccount } from '@spotter/shared';
import type { WriteContext } from '../../lib/changes';
import { badRequest, conflict, HttpError, notFound } from '../../lib/http-error';
import { route } from '../../lib/route';
import { gymCaller } from '../../plugins/access';
import { chargeInvoice } from '../invoices';
import { isAthleteOfGym } from '../people';
import type { PaymentProvider, ProviderEvent } from '../../lib/payment-provider';
import { UnsupportedMethodError } from './stripe-provider';
import {
  activeMethodOf,
  applyAccountUpdated,
  applyWebhookEvent,
  athleteContact,
  gymPaymentFacts,
  invoiceIdOf,
  keepConnectedAccount,
  refreshAccountStatus,
  removePaymentMethod,
  storePaymentMethod,
} from './payments.commands';
import { accountOf, customerOf, gymOfAccount, methodsOf, methodTypesFor, savedByProviderId } from './payments.service';

/**
 * Issue 19 (decision 034): the gym's connected account and its onboarding, the custom account's dashboard, athletes'
 * saved methods, paying an invoice with one, and the provider's webhooks.
 */
export async function paymentsRoutes(app: FastifyInstance) {
  const ctx: WriteContext = { db: app.db, changes: app.changes };

  /** A provider call: its failures (network, API) answer 503 with a message, never a 500. */
  const ask = async <T>(fn: () => Promise<T>): Promise<T> => {
    try {
      return await fn();
    } catch (e) {
      if (e instanceof HttpError) throw e;
      if (e instanceof UnsupportedMethodError) throw badRequest(e.message, 'method_refused');
      app.log.warn({ err: e }, 'payment provider call failed');
      throw new HttpError(503, paymentsMessages.providerUnavailable, 'provider_unavailable');
    }
  };
  const needProvider = (): PaymentProvider => {
    if (!app.paymentProvider) throw conflict(paymentsMessages.noProvider, 'no_provider');
    return app.paymentProvider;
  };
  /** The gym's account that can take payments, or 409. */
  const chargeableAccount = async (gymId: string) => {
    const provider = needProvider();
    const account = await accountOf(app.db, gymId);
    if (!account?.providerAccountId || !account.chargesEnabled) throw conflict(paymentsMessages.noProvider, 'no_provider');
    return { provider, accountId: account.providerAccountId };
  };
  const cardPaymentsEnabled = async (gymId: string) => app.paymentProvider !== null && ((await accountOf(app.db, gymId))?.chargesEnabled ?? false);
  const athleteCaller = (request: FastifyRequest) => {
    const auth = gymCaller(request);
    if (!auth.athleteId) throw notFound('Athlete not found.');
    return { auth, gymId: auth.gym.gymId, athleteId: auth.athleteId };
  };
  const methodList = async (gymId: string, athleteId: string) => ({
    results: await methodsOf(app.db, gymId, athleteId),
    cardPaymentsEnabled: await cardPaymentsEnabled(gymId),
  });

  // --- The connected account -------------------------------------------------------------------------------------

  route(app, endpoints.paymentAccount, async (request) => {
    const { gym } = gymCaller(request);
    let account = await accountOf(app.db, gym.gymId);
    // Back from onboarding before the webhook: ask the provider where the account stands.
    if (app.paymentProvider && account?.providerAccountId && !account.chargesEnabled) {
      const provider = app.paymentProvider;
      const accountId = account.providerAccountId;
      const status = await ask(() => provider.retrieveAccount(accountId));
      await refreshAccountStatus(ctx, gym.gymId, status);
      account = await accountOf(app.db, gym.gymId);
    }
    const row = await gymPaymentFacts(app.db, gym.gymId);
    const answer: PaymentAccount = {
      providerConfigured: app.paymentProvider !== null,
      accountType: row!.stripeAccountType,
      stripeStatus: row!.stripeStatus,
      hasAccount: Boolean(account?.providerAccountId),
      chargesEnabled: account?.chargesEnabled ?? false,
      payoutsEnabled: account?.payoutsEnabled ?? false,
      detailsSubmitted: account?.detailsSubmitted ?? false,
      cardPaymentsEnabled: app.paymentProvider !== null && (account?.chargesEnabled ?? false),
    };
    return answer;
  });

  route(app, endpoints.startPaymentOnboarding, async (request) => {
    const auth = gymCaller(request);
    const gymId = auth.gym.gymId;
    const provider = needProvider();
    const facts = await gymPaymentFacts(app.db, gymId);
    const gym = facts && { type: facts.stripeAccountType, country: facts.country };
    let accountId = (await accountOf(app.db, gymId))?.providerAccountId ?? null;
    if (!accountId) {
      // The provider's idempotency key is the gym's: two clicks (or two processes) make one account.
      const created = await ask(() => provider.createConnectedAccount({ type: gym!.type, email: auth.email, country: gym!.country, gymId }));
      accountId = await keepConnectedAccount(ctx, gymId, created.accountId);
    }
    const back = `${app.config.appUrl}/?payments=`;
    const link = await ask(() => provider.createOnboardingLink({ accountId: accountId, refreshUrl: `${back}refresh`, returnUrl: `${back}return` }));
    return { url: link.url };
  });

  route(app, endpoints.stripeDashboard, async (request) => {
    const { gym } = gymCaller(request);
    const provider = needProvider();
    const row = await gymPaymentFacts(app.db, gym.gymId);
    if (row?.stripeAccountType !== 'custom') throw conflict(paymentsMessages.notCustom, 'not_custom');
    const accountId = (await accountOf(app.db, gym.gymId))?.providerAccountId;
    if (!accountId) throw conflict(paymentsMessages.noAccount, 'no_account');
    const summary = await ask(() => provider.accountSummary(accountId));
    return { ...summary, payouts: summary.payouts.map((p) => ({ ...p, arrivalDate: new Date(p.arrivalDate * 1000).toISOString().slice(0, 10) })) };
  });

  // --- Saved payment methods -------------------------------------------------------------------------------------

  route(app, endpoints.myPaymentMethods, async (request) => {
    const { gymId, athleteId } = athleteCaller(request);
    return methodList(gymId, athleteId);
  });

  /** The athlete's provider customer on the gym's account, made when they first save a method. */
  const customerFor = async (gymId: string, athleteId: string, provider: PaymentProvider, accountId: string) => {
    const athlete = await athleteContact(app.db, athleteId);
    const existing = await customerOf(app.db, gymId, athleteId);
    return (
      await ask(() =>
        provider.ensureCustomer({
          accountId,
          email: athlete?.email ?? null,
          name: `${athlete?.firstName ?? ''} ${athlete?.lastName ?? ''}`.trim(),
          athleteId,
          existingCustomerId: existing,
        }),
      )
    ).customerId;
  };

  route(app, endpoints.startSavingMethod, async (request) => {
    const { auth, gymId, athleteId } = athleteCaller(request);
    const { provider, accountId } = await chargeableAccount(gymId);
    const customerId = await customerFor(gymId, athleteId, provider, accountId);
    const types = methodTypesFor(auth.gym.country);
    const si = await ask(() => provider.createSetupIntent({ accountId, customerId, types, metadata: { gymId, athleteId } }));
    return { clientSecret: si.clientSecret, publicKey: app.config.runtime.stripePublicKey, accountId, types };
  });

  route(app, endpoints.saveMyPaymentMethod, async (request, reply) => {
    const { auth, gymId, athleteId } = athleteCaller(request);
    const { provider, accountId } = await chargeableAccount(gymId);
    const { providerMethodId, nickname, makeDefault } = request.body;
    const already = await savedByProviderId(app.db, gymId, providerMethodId);
    if (already && already.athleteId !== athleteId) throw badRequest(paymentsMessages.methodRefused, 'method_refused');
    if (already && !already.removedAt) {
      reply.status(200);
      return methodList(gymId, athleteId);
    }
    const customerId = await customerFor(gymId, athleteId, provider, accountId);
    const saved = await ask(() => provider.retrievePaymentMethod({ accountId, providerMethodId, customerId }));
    if (!methodTypesFor(auth.gym.country).includes(saved.type)) throw badRequest(paymentsMessages.methodRefused, 'method_refused');
    await storeMethod(gymId, athleteId, customerId, saved, { nickname, makeDefault });
    reply.status(201);
    return methodList(gymId, athleteId);
  });

  /** Keeps a method the provider holds for the athlete (once: the provider's id is unique per gym); 400 when it is another athlete's. */
  const storeMethod = (
    gymId: string,
    athleteId: string,
    customerId: string,
    saved: Parameters<typeof storePaymentMethod>[4],
    o: { nickname?: string; makeDefault?: boolean } = {},
  ) => storePaymentMethod(ctx, gymId, athleteId, customerId, saved, o);

  route(app, endpoints.removeMyPaymentMethod, async (request) => {
    const { gymId, athleteId } = athleteCaller(request);
    const method = await activeMethodOf(app.db, gymId, athleteId, request.params.paymentMethodId);
    if (!method) throw notFound(paymentsMessages.methodNotFound);
    const account = await accountOf(app.db, gymId);
    if (app.paymentProvider && account?.providerAccountId && method.providerMethodId) {
      const provider = app.paymentProvider;
      const accountId = account.providerAccountId;
      const providerMethodId = method.providerMethodId;
      await ask(() => provider.detachPaymentMethod({ accountId, providerMethodId }));
    }
    await removePaymentMethod(ctx, gymId, athleteId, method.id);
    return methodList(gymId, athleteId);
  });

  route(app, endpoints.athletePaymentMethods, async (request) => {
    const { gym } = gymCaller(request);
    if (!(await isAthleteOfGym(app.db, gym.gymId, request.params.athleteId))) throw notFound('Athlete not found.');
    return methodList(gym.gymId, request.params.athleteId);
  });

  // --- Paying an invoice with a saved method ---------------------------------------------------------------------

  route(app, endpoints.payMyInvoice, async (request) => {
    const { auth, gymId, athleteId } = athleteCaller(request);
    const invoiceId = await invoiceIdOf(app.db, gymId, request.params.invoiceId, athleteId);
    if (!invoiceId) throw notFound('Invoice not found.');
    const result = await ask(() =>
      chargeInvoice(ctx, app.paymentProvider, {
        gymId,
        invoiceId,
        paymentMethodId: request.body.paymentMethodId,
        idempotencyKey: `athlete:${athleteId}:${request.body.idempotencyKey}`,
        actorUserId: auth.actorUserId,
      }),
    );
    return result;
  });

  route(app, endpoints.chargeInvoice, async (request) => {
    const auth = gymCaller(request);
    const gymId = auth.gym.gymId;
    const invoiceId = await invoiceIdOf(app.db, gymId, request.params.invoiceId);
    if (!invoiceId) throw notFound('Invoice not found.');
    const result = await ask(() =>
      chargeInvoice(ctx, app.paymentProvider, {
        gymId,
        invoiceId,
        paymentMethodId: request.body.paymentMethodId,
        idempotencyKey: `staff:${request.body.idempotencyKey}`,
        actorUserId: auth.actorUserId,
      }),
    );
    return result;
  });

  // --- Webhooks --------------------------------------------------------------------------------------------------

  // Its own context: the signature is over the raw body, so JSON is kept as bytes here.
  await app.register(async (hook) => {
    hook.removeContentTypeParser('application/json');
    hook.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_request, body, done) => done(null, body));
    route(hook, endpoints.paymentWebhook, async (request) => {
      const provider = app.paymentProvider;
      if (!provider) throw notFound('Card payments are not set up on this server.');
      const signature = request.headers['stripe-signature'];
      const raw = request.body as unknown;
      if (typeof signature !== 'string' || !Buffer.isBuffer(raw)) throw badRequest(paymentsMessages.badSignature, 'bad_signature');
      let event: ProviderEvent;
      try {
        event = provider.verifyWebhook(raw, signature);
      } catch {
        throw badRequest(paymentsMessages.badSignature, 'bad_signature');
      }
      return applyEvent(provider, event);
    });
  });

  /**
   * A method confirmed in the browser is kept even when the browser's own save never arrives (closed tab, lost network):
   * the SetupIntent names the gym and athlete, the event's account must be that gym's. Saving is idempotent, so the
   * browser's save (or a replay) finds it kept.
   */
  const saveFromSetupIntent = async (provider: PaymentProvider, event: ProviderEvent) => {
    const si = event.object;
    const metadata = (si.metadata ?? {}) as Record<string, string>;
    const pm = typeof si.payment_method === 'string' ? si.payment_method : null;
    const customerId = typeof si.customer === 'string' ? si.customer : null;
    if (!pm || !customerId || !event.account || !metadata.gymId || !metadata.athleteId) return;
    if ((await gymOfAccount(app.db, event.account)) !== metadata.gymId) return;
    if (!(await isAthleteOfGym(app.db, metadata.gymId, metadata.athleteId)) || (await savedByProviderId(app.db, metadata.gymId, pm))) return;
    const accountId = event.account;
    const saved = await ask(() => provider.retrievePaymentMethod({ accountId, providerMethodId: pm }));
    await storeMethod(metadata.gymId, metadata.athleteId, customerId, saved);
  };

  const applyEvent = async (provider: PaymentProvider, event: ProviderEvent) => {
    if (event.type === 'account.updated') {
      const accountId = event.account ?? (typeof event.object.id === 'string' ? event.object.id : null);
      const gymId = accountId ? await gymOfAccount(app.db, accountId) : null;
      // The account as it is now, not as this (maybe older, maybe replayed) event says: events out of order end right.
      const status = gymId && accountId ? await ask(() => provider.retrieveAccount(accountId)) : null;
      const duplicate = await applyAccountUpdated(ctx, event, gymId, status);
      return { received: true as const, duplicate };
    }
    if (event.type === 'setup_intent.succeeded') await saveFromSetupIntent(provider, event);
    const duplicate = await applyWebhookEvent(ctx, event, app.log);
    return { received: true as const, duplicate };
  };
}
