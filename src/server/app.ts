import { fileURLToPath } from 'node:url';
import path from 'node:path';
import fastifyCookie from '@fastify/cookie';
import fastifyMultipart from '@fastify/multipart';
import fastifyRateLimit from '@fastify/rate-limit';
import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { MAX_UPLOAD_BYTES } from '../shared/constants.js';
import { ensureAdmin } from './admin/ensure-admin.js';
import { membersAdminRoutes } from './admin/members-routes.js';
import { adsAdminRoutes, adsRoutes } from './ads/routes.js';
import { authRoutes } from './auth/routes.js';
import type { AuthUser } from './auth/sessions.js';
import type { Config } from './config.js';
import { contactRoutes } from './contact/routes.js';
import type { AppContext } from './context.js';
import { type DatabaseHandle, openDatabase } from './db/client.js';
import { filesRoutes } from './files/routes.js';
import { createLocalStorage, type FileStorage } from './files/storage.js';
import { formsAdminRoutes } from './forms/admin-routes.js';
import { formsRoutes } from './forms/routes.js';
import { startHousekeeping } from './housekeeping.js';
import { registerCsrf } from './http/csrf.js';
import { logSerializers, registerErrorHandling } from './http/errors.js';
import { registerSecurityHeaders } from './http/security-headers.js';
import { registerSessionLookup } from './http/session-lookup.js';
import { registerSpa } from './http/spa.js';
import { registerStorableTextCheck } from './http/storable-text.js';
import { createTransport, type MailTransport, startMailWorker } from './mail/mail-worker.js';
import { paymentsAdminRoutes } from './membership/admin-routes.js';
import { membershipRoutes } from './membership/routes.js';
import { notificationsRoutes } from './notifications/notifications.js';
import { auditRoutes } from './audit/routes.js';
import { profileRoutes } from './profile/routes.js';
import { type SessionView, SessionViewCache } from './profile/session-view-cache.js';
import { siteRoutes } from './site/routes.js';
import { talentAdminRoutes, talentRoutes } from './talent/routes.js';

declare module 'fastify' {
  interface FastifyRequest {
    user: AuthUser | null;
    /** The session's user and advert, as http/session-lookup.ts found them; `user` is its user. */
    sessionView: SessionView | null;
    /** The stored id (HMAC) of the session cookie's token, when one was sent. */
    sessionId: string | null;
  }
  interface FastifyContextConfig {
    /** The answer is the same for everyone: the session is not looked up. */
    skipSession?: boolean;
    /**
     * The route's write re-checks the session in its own statement (auth/session-grant.ts), so
     * its guard may run on the kept session view, and the write leaves that view as it was.
     */
    writeChecksSession?: boolean;
  }
  interface FastifyInstance {
    ctx: AppContext;
    /** Every route, as registered: the access and robustness tests walk it. */
    routeTable: { method: string; url: string }[];
  }
}

export interface BuildOptions {
  /** An already opened database (tests pass an in-memory one); else opened from the config. */
  database?: DatabaseHandle;
  storage?: FileStorage;
  /** Replaces SMTP delivery (tests use it to simulate an outage). */
  mailTransport?: MailTransport;
  /** Where the built pages are; defaults to dist/web beside the code. */
  webRoot?: string;
}

const defaultWebRoot = fileURLToPath(new URL('../../dist/web', import.meta.url));

/** Builds the whole portal (API, pages, background work) for one configuration. */
export async function buildApp(config: Config, options: BuildOptions = {}): Promise<FastifyInstance> {
  const app = Fastify({
    logger: {
      level: config.logLevel,
      redact: ['req.headers.cookie', 'req.headers["x-xsrf-token"]', 'req.headers.authorization', 'res.headers["set-cookie"]'],
      serializers: logSerializers,
    },
    trustProxy: config.trustProxy,
    bodyLimit: 1024 * 1024,
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  const database =
    options.database ??
    (await openDatabase({
      databaseUrl: config.databaseUrl,
      dataDir: config.dataDir,
      poolSize: config.databasePoolSize,
      onConnectionError: (error) => app.log.warn({ err: error.message }, 'database connection lost; it is reopened on the next query'),
    }));
  if (!options.database) app.addHook('onClose', () => database.close());
  const mailWorker = startMailWorker({
    db: database.db,
    transport: options.mailTransport ?? createTransport(config.smtpUrl, app.log),
    from: config.mailFrom,
    log: app.log,
    pollMs: config.mail.pollMs,
    retryBaseMs: config.mail.retryBaseMs,
  });
  app.addHook('onClose', () => mailWorker.stop());
  const sessionViews = new SessionViewCache();
  const stopListening = await database.listen('member_changed', {
    onMessage: (userId) => sessionViews.forgetMember(userId),
    onLive: (live) => sessionViews.setLive(live),
  });
  app.addHook('onClose', stopListening);
  const ctx: AppContext = {
    config,
    db: database.db,
    storage: options.storage ?? createLocalStorage(path.join(config.dataDir, 'uploads')),
    log: app.log,
    mailer: { brand: { companyName: config.company.name, publicUrl: config.publicUrl }, nudge: mailWorker.nudge },
    sessionViews,
  };
  app.decorate('ctx', ctx);
  app.decorateRequest('user', null);
  app.decorateRequest('sessionView', null);
  app.decorateRequest('sessionId', null);

  await app.register(fastifyCookie);
  registerSecurityHeaders(app, { production: config.env === 'production' });
  await app.register(fastifyRateLimit, { global: false });
  await app.register(fastifyMultipart, { limits: { fileSize: MAX_UPLOAD_BYTES, fieldSize: 64 * 1024, fields: 100 } });

  const routeTable: { method: string; url: string }[] = [];
  app.addHook('onRoute', (route) => {
    for (const method of [route.method].flat()) if (method !== 'HEAD') routeTable.push({ method, url: route.url });
  });
  app.decorate('routeTable', routeTable);

  registerErrorHandling(app);
  registerStorableTextCheck(app);
  registerCsrf(app, { secure: config.env === 'production' });
  registerSessionLookup(app, ctx);

  await app.register(authRoutes(ctx));
  await app.register(profileRoutes(ctx));
  await app.register(contactRoutes(ctx));
  await app.register(filesRoutes(ctx));
  await app.register(siteRoutes(ctx));
  await app.register(membershipRoutes(ctx));
  await app.register(paymentsAdminRoutes(ctx));
  await app.register(notificationsRoutes(ctx));
  await app.register(auditRoutes(ctx));
  await app.register(adsRoutes(ctx));
  await app.register(adsAdminRoutes(ctx));
  await app.register(formsRoutes(ctx));
  await app.register(formsAdminRoutes(ctx));
  await app.register(membersAdminRoutes(ctx));
  await app.register(talentRoutes(ctx));
  await app.register(talentAdminRoutes(ctx));
  await registerSpa(app, options.webRoot ?? defaultWebRoot);

  await ensureAdmin(ctx);
  await startHousekeeping(app, ctx);
  return app;
}
