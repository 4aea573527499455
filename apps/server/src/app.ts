import { randomUUID } from 'node:crypto';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import fastifyCookie from '@fastify/cookie';
import fastifyCompress from '@fastify/compress';
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import { jsonSchemaTransform, serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import './app-types';
import type { Config } from './config';
import type { Database } from './db/client';
import { createChangeFeed } from './lib/changes';
import { GymReadCache } from './lib/gym-read-cache';
import { Jobs } from './lib/jobs';
import { createPaymentProvider } from './modules/payments/create-provider';
import type { PaymentProvider } from './lib/payment-provider';
import { createMailer, type Mailer } from './lib/mailer';
import { assertEveryEndpointRouted } from './lib/route';
import { loadOrCreateSecret } from './lib/secrets';
import { accessPlugin } from './plugins/access';
import { csrfPlugin } from './plugins/csrf';
import { errorsPlugin } from './plugins/errors';
import { sessionPlugin } from './plugins/session';
import { registerJobs } from './jobs';
import { accountsRoutes } from './modules/accounts/accounts.routes';
import { athleteRecordRoutes } from './modules/athletes/athlete-record.routes';
import { athleteImportRoutes } from './modules/athlete-import/athlete-import.routes';
import { athletePackagesRoutes } from './modules/athlete-packages/athlete-packages.routes';
import { appointmentsRoutes } from './modules/appointments/appointments.routes';
import { athletesListRoutes } from './modules/athletes/athletes-list.routes';
import { authRoutes } from './modules/auth/auth.routes';
import { ssoRoutes } from './modules/sso/sso.routes';
import { availabilityRoutes } from './modules/availability/availability.routes';
import { bannersRoutes } from './modules/banners/banners.routes';
import { calendarRoutes } from './modules/calendar/calendar.routes';
import { appointmentTypesRoutes } from './modules/appointment-types/appointment-types.routes';
import { classTypesRoutes } from './modules/class-types/class-types.routes';
import { productsCatalogRoutes } from './modules/products/products.routes';
import { packagesRoutes } from './modules/packages/packages.routes';
import { eventSetupRoutes } from './modules/event-setup/event-setup.routes';
import { locationsRoutes } from './modules/locations/locations.routes';
import { calendarFeedsRoutes } from './modules/calendar-feeds/calendar-feeds.routes';
import { healthRoutes } from './modules/health/health.routes';
import { eventsRoutes } from './modules/events/events.routes';
import { kioskRoutes } from './modules/kiosk/kiosk.routes';
import { peopleRoutes } from './modules/people/people.routes';
import { staffRoutes } from './modules/staff/staff.routes';
import { platformRoutes } from './modules/platform/platform.routes';
import { profilesRoutes } from './modules/profiles/profiles.routes';
import { programmingRoutes } from './modules/programming/programming.routes';
import { reservationsRoutes } from './modules/reservations/reservations.routes';
import { scheduleRoutes } from './modules/schedule/schedule.routes';
import { uploadsRoutes } from './modules/uploads/uploads.routes';
import { webRoutes } from './modules/web/web.routes';
import { salesPortalRoutes } from './modules/sales-portal/sales-portal.routes';
import { salesRoutes } from './modules/sales/sales.routes';
import { paymentsRoutes } from './modules/payments/payments.routes';
import { invoicesRoutes } from './modules/invoices/invoices.routes';
import { billingRoutes } from './modules/billing/billing.routes';
import { documentTemplatesRoutes } from './modules/documents/templates.routes';
import { myDocumentsRoutes } from './modules/documents/my-documents.routes';
import { handOffRoutes } from './modules/documents/hand-off.routes';
import { issuedDocumentsRoutes } from './modules/documents/issued.routes';
import { whereOf as athletesWhereOf } from './modules/athletes';
import { gymSettingsRoutes } from './modules/gym-settings/gym-settings.routes';
import { messageLogRoutes } from './modules/messages/message-log.routes';
import { reportsRoutes } from './modules/reports/reports.routes';
import { dashboardRoutes } from './modules/reports/dashboard.routes';
import { gymExportRoutes } from './modules/reports/gym-export.routes';
import { payrollRoutes } from './modules/payroll/payroll.routes';
import { messageTemplatesRoutes } from './modules/messages/templates.routes';

const REQUEST_ID = /^[A-Za-z0-9._-]{1,64}$/;
// Paths that carry secrets (reset and activation tokens, calendar feed links) are masked in logs.
const SECRET_PATHS = /^(\/password\/reset\/confirm|\/activate|\/api\/calendar-feeds(?=\/[^/]+\/calendar\.ics))\/.*/;

export function loggerOptions(level: string): FastifyServerOptions['logger'] {
  return {
    level,
    redact: {
      paths: [
        'req.headers.cookie',
        'req.headers.authorization',
        'req.headers["x-csrftoken"]',
        'res.headers["set-cookie"]',
        '*.password',
        '*.newPassword',
        '*.token',
      ],
      censor: '[redacted]',
    },
    serializers: {
      req: (req) => ({
        method: req.method,
        url: typeof req.url === 'string' ? req.url.replace(SECRET_PATHS, '$1/[redacted]') : req.url,
        remoteAddress: req.ip,
      }),
    },
  };
}

export type BuildOptions = { logger?: FastifyServerOptions['logger']; mailer?: Mailer; paymentProvider?: PaymentProvider | null };

/** Plugins in a fixed order, then the modules (STYLE.md). */
export async function buildApp(config: Config, database: Database, opts: BuildOptions = {}): Promise<FastifyInstance> {
  // Decision 013: with a certificate, HTTPS with HTTP/2 (and HTTP/1.1 for clients without it). Fastify types an HTTP/2
  // instance apart; every route and plugin here uses only what both request kinds share, so it is typed as the default.
  const transport = config.tls ? { http2: true as const, https: { allowHTTP1: true, cert: config.tls.cert, key: config.tls.key } } : {};
  const app = Fastify({
    ...(transport as object),
    logger: opts.logger ?? loggerOptions(config.logLevel),
    trustProxy: config.env === 'production',
    bodyLimit: 1_048_576,
    // Issue 32 (decision 039): a request still unanswered after its budget gets a 503 and its request.signal aborts,
    // while every other request goes on being served; the long routes declare a larger budget (lib/route.ts).
    handlerTimeout: config.requestBudgetMs,
    genReqId: (req) => {
      const given = req.headers['x-request-id'];
      return typeof given === 'string' && REQUEST_ID.test(given) ? given : randomUUID();
    },
    routerOptions: { ignoreTrailingSlash: false, maxParamLength: 200 },
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  app.decorate('db', database.db);
  app.decorate('config', config);
  app.decorate('csrfSecret', await loadOrCreateSecret(database.db, 'csrf_secret'));
  app.decorate('mailer', opts.mailer ?? createMailer(config.smtpUrl, config.mailFrom, app.log));
  // Decision 027: later work goes through the durable queue; each job runs the domain function a route would.
  const jobs = new Jobs(database, { log: app.log });
  app.decorate('jobs', jobs);
  app.decorate('paymentProvider', opts.paymentProvider !== undefined ? opts.paymentProvider : createPaymentProvider(config));

  // Decision 018: what the domain's writes change reaches every process's kept reads and sessions.
  const changes = createChangeFeed(database);
  await changes.start();
  app.decorate('changes', changes);
  const readCache = new GymReadCache({ ttlMs: config.readCacheMs });
  changes.on((change) => {
    if (change.kind === 'gym') readCache.invalidate(change.gymId);
    if (change.kind === 'everything') readCache.invalidateAll();
  });
  app.decorate('readCache', readCache);
  // Issue 33 (item 6): each job's handler, from the module that owns it (jobs.ts); the workers start with the server.
  registerJobs(app);
  // A request in flight when the server starts closing is answered, and its keep-alive connection then ends: Fastify
  // closes only the connections idle at that moment and answers later requests 503, so without this the connection of
  // a request still running held the close until its keep-alive timeout (72 s; the shutdown gives up after 10 s).
  let closing = false;
  app.addHook('preClose', async () => {
    closing = true;
  });
  app.addHook('onSend', async (request, reply) => {
    if (closing && request.raw.httpVersionMajor === 1) reply.header('connection', 'close');
    reply.header('x-request-id', request.id);
    reply.header('X-Content-Type-Options', 'nosniff');
    reply.header('Referrer-Policy', 'same-origin');
    reply.header('X-Frame-Options', 'DENY');
    if (request.url.startsWith('/api/') && !reply.hasHeader('cache-control')) reply.header('Cache-Control', 'no-store');
  });

  await app.register(fastifyCookie);
  // API answers over 1 KB are gzipped for clients that accept it (a 100-athlete kiosk event: 42 KB to about 5 KB);
  // the web app's assets are compressed once at build time and served as they are (web.routes.ts).
  await app.register(fastifyCompress, { global: true, threshold: 1024, encodings: ['gzip', 'deflate'] });
  await app.register(errorsPlugin);
  await app.register(fastifySwagger, {
    openapi: {
      info: { title: 'Spotter API', version: '0.1.0', description: 'Conventions: CONTRACT.md and docs/decisions/002-api-conventions.md.' },
      components: {
        securitySchemes: {
          session: { type: 'apiKey', in: 'cookie', name: 'sessionid' },
          csrf: { type: 'apiKey', in: 'header', name: 'X-CSRFToken' },
        },
      },
    },
    transform: jsonSchemaTransform,
  });
  await app.register(fastifySwaggerUi, { routePrefix: '/api/docs' });
  await app.register(sessionPlugin, {
    db: database.db,
    changes,
    ttlMs: config.sessionTtlMs,
    cookieSecure: config.cookieSecure,
    keepMs: config.sessionCacheMs,
    soleWriter: database.kind === 'pglite',
  });
  await app.register(csrfPlugin, { secret: app.csrfSecret, cookieSecure: config.cookieSecure, appUrl: config.appUrl });
  await app.register(accessPlugin);

  await app.register(healthRoutes);
  await app.register(authRoutes);
  await app.register(ssoRoutes);
  await app.register(accountsRoutes);
  await app.register(profilesRoutes);
  await app.register(bannersRoutes);
  await app.register(peopleRoutes);
  await app.register(staffRoutes);
  await app.register(uploadsRoutes);
  await app.register(eventsRoutes);
  await app.register(reservationsRoutes);
  await app.register(kioskRoutes);
  await app.register(athleteRecordRoutes);
  await app.register(scheduleRoutes);
  await app.register(calendarRoutes);
  await app.register(availabilityRoutes);
  await app.register(appointmentsRoutes);
  await app.register(classTypesRoutes);
  await app.register(productsCatalogRoutes);
  await app.register(packagesRoutes);
  await app.register(appointmentTypesRoutes);
  await app.register(locationsRoutes);
  await app.register(eventSetupRoutes);
  await app.register(programmingRoutes);
  await app.register(calendarFeedsRoutes);
  await app.register(platformRoutes);
  await app.register(athleteImportRoutes);
  await app.register(athletesListRoutes);
  await app.register(athletePackagesRoutes);
  await app.register(salesPortalRoutes);
  await app.register(salesRoutes);
  await app.register(paymentsRoutes);
  await app.register(invoicesRoutes);
  await app.register(billingRoutes);
  await app.register(documentTemplatesRoutes);
  await app.register(myDocumentsRoutes);
  await app.register(handOffRoutes);
  await app.register(issuedDocumentsRoutes, { athletesWhere: athletesWhereOf });
  await app.register(gymSettingsRoutes);
  await app.register(messageLogRoutes);
  await app.register(messageTemplatesRoutes);
  await app.register(reportsRoutes);
  await app.register(dashboardRoutes);
  await app.register(gymExportRoutes);
  await app.register(payrollRoutes);
  await app.register(webRoutes);

  app.addHook('onClose', async () => {
    await jobs.stop();
    await changes.close();
    await database.close();
  });
  await app.ready();
  // Decision 017: a declared endpoint no module registers would be answered 404; the app does not start with one.
  try {
    assertEveryEndpointRouted(app);
    if (config.runJobs) await jobs.start();
  } catch (err) {
    await app.close();
    throw err;
  }
  return app;
}
