// What the code holds of the database, whichever driver serves it: the query types and the handle
// openDatabase (client.ts) returns.
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import type { ChannelHandlers, NotifyChannel } from './notifications.js';
import type * as schema from './schema.js';

/** The same type for both drivers, so every query is written once. */
export type Database = PgDatabase<PgQueryResultHKT, typeof schema>;
export type Transaction = Parameters<Parameters<Database['transaction']>[0]>[0];
/** What a repository function accepts: the database or a transaction inside it. */
export type Executor = Database | Transaction;

export interface DatabaseHandle {
  db: Database;
  driver: 'pglite' | 'postgres';
  /**
   * Subscribes to a NOTIFY channel; resolves to the unsubscribe. A notification sent by this
   * process's own statement is handled before that statement answers.
   */
  listen(channel: NotifyChannel, handlers: ChannelHandlers): Promise<() => Promise<void>>;
  /**
   * Runs a job that must not run in two processes at once (sweeps, reminders, purges) unless
   * another process is running it already; resolves to whether it ran here.
   */
  runAlone(name: string, job: () => Promise<void>): Promise<boolean>;
  /** Queries waiting for a free connection of the pool (0 for PGlite, which has none). */
  poolWaiting(): number;
  /** Connections the pool holds, and how many of them are idle (0 and 0 for PGlite). */
  poolConnections(): { total: number; idle: number };
  /**
   * The embedded database's folder as a gzipped tar, taken while it serves (an online backup:
   * the copy a crash at that instant would leave, which PostgreSQL recovers); undefined on a server.
   */
  snapshot: (() => Promise<Blob>) | undefined;
  close(): Promise<void>;
}

/** What openDatabase takes: a PostgreSQL server's URL, else the embedded database's folder. */
export interface OpenDatabaseOptions {
  databaseUrl?: string;
  /** Where the process's own LISTEN connection goes (default: `databaseUrl`); null: nowhere, nothing is kept. */
  listenUrl?: string | null;
  dataDir: string;
  inMemory?: boolean;
  /** The embedded database's starting folder (a PGlite dump, already migrated): skips initdb. Tests only. */
  seed?: Blob;
  /** Connections to a PostgreSQL server. */
  poolSize?: number;
  /** Told when a connection breaks (server restart); the pool opens new ones for the next queries. */
  onConnectionError?: (error: Error) => void;
  /** How long a stalled PostgreSQL may hold a query (unset: no limit, as for `npm run migrate`). */
  timeouts?: DatabaseTimeouts;
  /** false: the migrations are applied by a step of their own; this process only uses the schema. */
  migrate?: boolean;
}

export interface DatabaseTimeouts {
  /** Waiting for a connection: opening one, or a free one of the pool. */
  connectMs: number;
  /** One statement, ended by PostgreSQL (57014). */
  statementMs: number;
  /** A transaction left idle (its locks held), ended by PostgreSQL (25P03). */
  idleInTransactionMs: number;
}
