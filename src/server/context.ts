import type { FastifyBaseLogger } from 'fastify';
import type { Config } from './config.js';
import type { Database } from './db/client.js';
import type { FileStorage } from './files/storage.js';
import type { MailBrand } from './mail/templates.js';
import type { SessionViewCache } from './profile/session-view-cache.js';

/** What every feature service needs, built once by buildApp. */
export interface AppContext {
  config: Config;
  db: Database;
  storage: FileStorage;
  log: FastifyBaseLogger;
  /** Mail is queued in the outbox inside transactions; `nudge` asks the worker to send it now. */
  mailer: { brand: MailBrand; nudge(): void };
  /** The session views (member and advert) this process keeps for signed-in reads; see session-view-cache.ts. */
  sessionViews: SessionViewCache;
}
