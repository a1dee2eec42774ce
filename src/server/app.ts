import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import fastifyCookie from '@fastify/cookie';
import fastifyMultipart from '@fastify/multipart';
import Fastify, { type FastifyInstance } from 'fastify';
import type { ConsoleArea } from '../shared/roles.js';
import type { MemberAccess } from './auth/guards.js';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { MAX_UPLOAD_BYTES } from '../shared/constants.js';
import { ensureAdmin } from './admin/ensure-admin.js';
import { ensureStarterGallery } from './events/starter-gallery.js';
import { adminRoutes } from './admin/routes.js';
import { adsRoutes } from './ads/routes.js';
import { authRoutes } from './accounts/routes.js';
import { registerSessionLookup } from './auth/session-lookup.js';
import { sessionCookieName } from './auth/sessions.js';
import type { Config } from './config.js';
import { castingsRoutes } from './castings/routes.js';
import { contactRoutes } from './contact/routes.js';
import type { AppContext } from './context.js';
import { type DatabaseHandle, databaseTimeouts, openDatabase } from './db/client.js';
import { filesRoutes } from './privacy/file-routes.js';
import { configuredStorage } from './files/configured-storage.js';
import { type FileStorage, guardedStorage } from './files/storage.js';
import { startHousekeeping } from './housekeeping.js';
import { Tallies } from './tallies.js';
import { SERVICE } from './service.js';
import { DependencyHealth } from './dependencies.js';
import { registerLoadShedding } from './http/load-shedding.js';
import { registerIdempotency } from './idempotency/idempotency.js';
import { registerLargeImageLimit } from './files/large-images.js';
import { registerCachePolicy } from './http/cache-policy.js';
import { registerCsrf } from './http/csrf.js';
import { logSerializers, registerErrorHandling } from './http/errors.js';
import { registerHealth } from './http/health.js';
import { registerMetrics } from './http/metrics.js';
import { countPendingPayments } from './membership/payments-review.js';
import { lastBackupAgeSeconds } from './backups/backups.js';
import { registerRateLimits } from './http/rate-limits.js';
import { registerRequestIdHeader, requestIdOf } from './http/request-id.js';
import { logDestination, OneLineRequestLog } from './http/request-log.js';
import { registerSecurityHeaders } from './http/security-headers.js';
import { serializeRequest } from './http/log-privacy.js';
import { registerSpa } from './http/spa.js';
import { inlineStylesheet } from './pages/inline-stylesheet.js';
import { servedPages } from './pages/served-pages.js';
import { registerFormPosts } from './pages/form-posts.js';
import { memberPages } from './pages/member-pages.js';
import { loadPageRenderer } from './pages/page-renderer.js';
import { pagesRoutes } from './pages/routes.js';
import type { PageRenderer } from '../shared/rendered-page.js';
import { registerStorableTextCheck } from './http/storable-text.js';
import { createTransport, type MailTransport, startMailWorker } from './mail/mail-worker.js';
import { portalAddress } from './mail/portal-address.js';
import { paystackRoutes } from './ledger/paystack-routes.js';
import { memberCardRoutes } from './member-card/routes.js';
import { memberRoutes } from './member-routes.js';
import { plansRoutes } from './plans/routes.js';
import { premieresRoutes } from './premieres/routes.js';
import { eventsRoutes } from './events/routes.js';
import { siteRoutes } from './site/routes.js';
import { privacyRoutes } from './privacy/routes.js';
import { readSiteSettings } from './site/site-settings.js';
import { talentRoutes } from './talent/routes.js';
import { scheduleRoutes } from './schedule/routes.js';

declare module 'fastify' {
  interface FastifyInstance {
    ctx: AppContext;
    /** Every route, as registered: the access and robustness tests walk it. */
    routeTable: RouteEntry[];
  }
}

/**
 * A route as registered; `signedWebhook` marks one a sender proves by its signature instead of the
 * CSRF token, `area` a console route's part of the console, `access` who may use a route behind
 * the member hook (unset for a route outside the member plugin, whatever its config says).
 */
export interface RouteEntry {
  method: string;
  url: string;
  signedWebhook: boolean;
  area: ConsoleArea | undefined;
  access: MemberAccess | undefined;
}

export interface BuildOptions {
  /** An already opened database (tests pass an in-memory one); else opened from the config. */
  database?: DatabaseHandle;
  storage?: FileStorage;
  /** Replaces SMTP delivery (tests use it to simulate an outage). */
  mailTransport?: MailTransport;
  /** The clock membership dates are decided by (tests move it). */
  clock?: () => Date;
  /** Where log lines go instead of standard output (the tests read them). */
  logStream?: { write(line: string): void };
  /** Where the built pages are; defaults to dist/web beside the code. */
  webRoot?: string;
  /**
   * Draws the public pages on the server; defaults to dist/ssr/entry-server.js beside the code when
   * it is built. A portal given its own web root (tests) draws them only with the renderer it is given.
   */
  pageRenderer?: PageRenderer;
}

const defaultWebRoot = fileURLToPath(new URL('../../dist/web', import.meta.url));
const defaultPageRenderer = fileURLToPath(new URL('../../dist/ssr/entry-server.js', import.meta.url));

/** Builds the whole portal (API, pages, background work) for one configuration. */
export async function buildApp(config: Config, options: BuildOptions = {}): Promise<FastifyInstance> {
  const app = Fastify({
    logger: {
      level: config.logLevel,
      // Every line says which program and which release wrote it.
      base: { service: SERVICE.name, version: SERVICE.version, pid: process.pid },
      // The request is logged without its headers (cookies, the CSRF token: log-privacy.ts) and an
      // answer by its status only, so there is nothing to redact, and no redaction on every line.
      serializers: { ...logSerializers, req: serializeRequest },
      stream: options.logStream ?? logDestination(),
    },
    logController: new OneLineRequestLog(),
    trustProxy: config.trustProxy,
    genReqId: requestIdOf,
    bodyLimit: 1024 * 1024,
    // A request still unanswered after this gets 503; uploads and streamed downloads get longer (http/route-timeouts.ts).
    handlerTimeout: config.timeouts.requestMs,
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  const database =
    options.database ??
    (await openDatabase({
      databaseUrl: config.databaseUrl,
      listenUrl: config.databaseListenUrl,
      dataDir: config.dataDir,
      poolSize: config.databasePoolSize,
      onConnectionError: (error) => app.log.warn({ dependency: 'database', err: error }, 'database connection lost; it is reopened on the next query'),
      timeouts: databaseTimeouts(config),
      migrate: config.migrateOnStart,
    }));
  if (!options.database) app.addHook('onClose', () => database.close());
  const health = new DependencyHealth(app.log, {
    configured: ['database', 'storage', ...(config.redis ? (['redis'] as const) : [])],
    probes: { database: () => database.db.execute(sql`select 1`) },
    withoutIt: { redis: 'rate limits are counted in this process alone until it is back (decision 018)' },
  });
  app.addHook('onClose', async () => health.stop());
  const storage = guardedStorage(options.storage ?? (await configuredStorage(config)), config.timeouts.storageMs, health);
  health.addProbe('storage', () => storage.check());
  const tallies = new Tallies();
  const mailTransport = options.mailTransport ?? createTransport(config, app.log);
  const mailWorker = startMailWorker({
    db: database.db,
    transport: mailTransport,
    from: config.mailFrom,
    log: app.log,
    pollMs: config.mail.pollMs,
    retryBaseMs: config.mail.retryBaseMs,
    maxAttempts: config.mail.maxAttempts,
    onOutcome: (outcome) => tallies.mailOutcome(outcome),
  });
  app.addHook('onClose', async () => {
    await mailWorker.stop();
    mailTransport.close?.();
  });
  const ctx: AppContext = {
    config,
    db: database.db,
    storage,
    health,
    tallies,
    log: app.log,
    mailer: {
      brand: {
        companyName: config.company.name,
        publicUrl: portalAddress(config),
        replyTo: config.company.email,
        supportEmail: config.siteDefaults.email ?? null,
      },
      nudge: mailWorker.nudge,
    },
    listen: database.listen,
    clock: options.clock ?? (() => new Date()),
    runAlone: database.runAlone,
    snapshot: database.snapshot,
  };
  app.decorate('ctx', ctx);
  // PORT=0 listens on a port chosen at start: links in mail follow the one it got.
  app.addHook('onListen', async () => {
    ctx.mailer.brand.publicUrl = portalAddress(config, app.server.address());
  });

  registerRequestIdHeader(app);
  await app.register(fastifyCookie);
  const webRoot = options.webRoot ?? defaultWebRoot;
  const stylesheet = inlineStylesheet(webRoot);
  registerSecurityHeaders(app, { production: config.env === 'production', inlineStyleHashes: stylesheet ? [stylesheet.hash] : [] });
  await registerLoadShedding(app, config.shedding, database);
  await registerRateLimits(app, config.redis, health);
  registerLargeImageLimit(app, config.rateLimits.largePhotos);
  await app.register(fastifyMultipart, { limits: { fileSize: MAX_UPLOAD_BYTES, fieldSize: 64 * 1024, fields: 100 } });

  const routeTable: RouteEntry[] = [];
  app.addHook('onRoute', function (route) {
    const access = this.memberHook ? route.config?.access : undefined;
    for (const method of [route.method].flat()) {
      if (method !== 'HEAD') routeTable.push({ method, url: route.url, signedWebhook: Boolean(route.config?.signedWebhook), area: route.config?.area, access });
    }
  });
  app.decorate('routeTable', routeTable);

  registerErrorHandling(app, health);
  registerStorableTextCheck(app);
  const csrf = registerCsrf(app, { production: config.env === 'production', secret: config.sessionSecret, sessionCookie: sessionCookieName(config) });
  registerCachePolicy(app);
  registerHealth(app, database.db, health);
  registerMetrics(app, ctx, database, {
    featureGauges: [{ name: 'portal_payments_pending', help: 'Payment slips waiting for a staff decision', read: () => countPendingPayments(ctx) }],
    lastBackupAgeSeconds: () => lastBackupAgeSeconds(config.backups.dir),
  });
  await registerSessionLookup(app, ctx);
  registerIdempotency(app, ctx);

  await app.register(authRoutes(ctx));
  await app.register(memberRoutes(ctx));
  await app.register(contactRoutes(ctx));
  await app.register(filesRoutes(ctx));
  await app.register(siteRoutes(ctx));
  await app.register(paystackRoutes(ctx));
  await app.register(adsRoutes(ctx));
  await app.register(premieresRoutes(ctx));
  await app.register(eventsRoutes(ctx));
  await app.register(talentRoutes(ctx));
  await app.register(castingsRoutes(ctx));
  await app.register(plansRoutes(ctx));
  await app.register(memberCardRoutes(ctx));
  await app.register(scheduleRoutes(ctx));
  await app.register(privacyRoutes(ctx));
  await app.register(adminRoutes(ctx), { prefix: '/api/admin' });
  await app.register(pagesRoutes(ctx));
  const pageRenderer = options.pageRenderer ?? (options.webRoot === undefined ? await loadPageRenderer(defaultPageRenderer) : undefined);
  const publicPages = (indexHtml: string) =>
    servedPages(app, { indexHtml, stylesheet, renderer: pageRenderer!, publicUrl: config.publicUrl, drawsPerMinute: config.rateLimits.pageDraws });
  const memberPagesWithData = (indexHtml: string) => {
    const pages = memberPages(app, {
      root: webRoot,
      shell: indexHtml,
      renderer: pageRenderer,
      stylesheet,
      publicUrl: config.publicUrl,
      drawsPerMinute: config.rateLimits.pageDraws,
      csrfTokenOf: csrf.tokenOf,
    });
    if (pageRenderer) registerFormPosts(app, pages, { production: config.env === 'production' });
    return pages;
  };
  await registerSpa(app, webRoot, pageRenderer ? [publicPages, memberPagesWithData] : [memberPagesWithData]);

  await ensureAdmin(ctx);
  await ensureStarterGallery(ctx);
  // Mail is signed with the company name staff saved, from the first message on.
  await readSiteSettings(ctx);
  startHousekeeping(app, ctx);
  return app;
}
