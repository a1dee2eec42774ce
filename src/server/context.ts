import type { FastifyBaseLogger } from 'fastify';
import type { Config } from './config.js';
import type { Database, DatabaseHandle } from './db/client.js';
import type { DependencyHealth } from './dependencies.js';
import type { FileStorage } from './files/storage.js';
import type { MailBrand } from './mail/layout.js';
import type { Tallies } from './tallies.js';

/** What every feature service needs, built once by buildApp. */
export interface AppContext {
  config: Config;
  db: Database;
  /** Every call bounded in time (STORAGE_TIMEOUT_MS); a store out of reach is a 503 naming it. */
  storage: FileStorage;
  /** Which dependencies answer: each outage logged once as it starts and once as it ends. */
  health: DependencyHealth;
  /** This process's counts for /metrics: mail outcomes, the jobs' last successes. */
  tallies: Tallies;
  log: FastifyBaseLogger;
  /** Mail is queued in the outbox inside transactions; `nudge` asks the worker to send it now. */
  mailer: { brand: MailBrand; nudge(): void };
  /** Subscribes to a PostgreSQL NOTIFY channel (what a process keeps is forgotten on its messages). */
  listen: DatabaseHandle['listen'];
  /** The time of day for dates that decide something (paid-until, receipts); tests move it. */
  clock: () => Date;
  /** Runs a job on one process at a time across every process on the database. */
  runAlone: DatabaseHandle['runAlone'];
  /** The embedded database's online copy, for its backups (undefined on PostgreSQL). */
  snapshot: DatabaseHandle['snapshot'];
}
