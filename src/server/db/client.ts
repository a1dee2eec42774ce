import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import { lock as lockFile } from 'proper-lockfile';
import type { Config } from '../config.js';
import * as schema from './schema.js';

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

/** The channels the triggers of drizzle/0005 NOTIFY at commit, each with a member's id. */
export const NOTIFY_CHANNELS = ['session_changed', 'ad_changed'] as const;
export type NotifyChannel = (typeof NOTIFY_CHANNELS)[number];

export interface ChannelHandlers {
  onMessage(payload: string): void;
  /** false while notifications can be missed (the connection is lost), true once listening again. */
  onLive(live: boolean): void;
}

const migrationsFolder = fileURLToPath(new URL('../../../drizzle', import.meta.url));
// Written by `npm run build` (scripts/make-pglite-seed.mjs); absent when run from the sources.
const pgliteSeed = fileURLToPath(new URL('../../pglite-seed.tar.gz', import.meta.url));

/**
 * PostgreSQL when a URL is given, else the embedded PGlite in `<dataDir>/pglite`
 * (or in memory for `memory://`, which the tests use). Migrations run before it is returned.
 */
export async function openDatabase(options: {
  databaseUrl?: string;
  /** Where the process's own LISTEN connection goes (default: `databaseUrl`); null: nowhere, nothing is kept. */
  listenUrl?: string | null;
  dataDir: string;
  inMemory?: boolean;
  /** Connections to a PostgreSQL server. */
  poolSize?: number;
  /** Told when a connection breaks (server restart); the pool opens new ones for the next queries. */
  onConnectionError?: (error: Error) => void;
  /** How long a stalled PostgreSQL may hold a query (unset: no limit, as for `npm run migrate`). */
  timeouts?: DatabaseTimeouts;
  /** false: the migrations are applied by a step of their own; this process only uses the schema. */
  migrate?: boolean;
}): Promise<DatabaseHandle> {
  if (options.databaseUrl) {
    const listening = options.listenUrl !== null;
    const { pool, ownNotifications, isPoolBackend } = poolHearingItsOwnChanges(options.databaseUrl, options.poolSize ?? 10, listening, options.timeouts);
    // Without listeners, a connection dropped by a PostgreSQL restart would crash the process:
    // the pool's covers idle connections, each client's covers one checked out (in a transaction).
    const onError = options.onConnectionError ?? (() => {});
    pool.on('error', onError);
    pool.on('connect', (client) => client.on('error', onError));
    const db = drizzlePg(pool, { schema });
    if (options.migrate !== false) await migrateUnderLock(options.databaseUrl);
    else await assertMigrated(db as unknown as Database);
    return {
      db: db as unknown as Database,
      driver: 'postgres',
      // The pool closes idle connections: other processes' changes, and whether any can be
      // missed, come from a connection of the process's own.
      listen: listening
        ? async (channel, handlers) => {
            const stopOwn = ownNotifications.add(channel, handlers.onMessage);
            const fromOthers = { ...handlers, onMessage: (payload: string, sender: number) => isPoolBackend(sender) || handlers.onMessage(payload) };
            const stopServer = await listenOnServer(options.listenUrl ?? options.databaseUrl!, channel, fromOthers, onError, options.timeouts?.connectMs);
            return async () => {
              stopOwn();
              await stopServer();
            };
          }
        : neverListening,
      runAlone: (name, job) => runUnderTryLock(pool, name, job),
      poolWaiting: () => pool.waitingCount,
      poolConnections: () => ({ total: pool.totalCount, idle: pool.idleCount }),
      snapshot: undefined,
      close: () => pool.end(),
    };
  }
  let dataPath: string | undefined;
  let loadDataDir: Blob | undefined;
  let unlockDataDir = async () => {};
  if (!options.inMemory) {
    dataPath = path.join(options.dataDir, 'pglite');
    mkdirSync(dataPath, { recursive: true });
    unlockDataDir = await lockDataDir(dataPath);
    // A first start copies the built, already initialised folder rather than running initdb.
    if (!existsSync(path.join(dataPath, 'PG_VERSION')) && existsSync(pgliteSeed)) loadDataDir = new Blob([readFileSync(pgliteSeed)]);
  }
  const client = await PGlite.create(dataPath, { loadDataDir }).catch(async (error: unknown) => {
    await unlockDataDir();
    throw error;
  });
  const db = drizzlePglite(client, { schema });
  if (options.migrate !== false) await migratePglite(db, { migrationsFolder });
  else await assertMigrated(db as unknown as Database);
  return {
    db: db as unknown as Database,
    driver: 'pglite',
    // PGlite tells its listeners of a statement's notifications before the statement answers.
    listen:
      options.listenUrl === null
        ? neverListening
        : async (channel, handlers) => {
            const unlisten = await client.listen(channel, handlers.onMessage);
            handlers.onLive(true);
            return () => unlisten();
          },
    // PGlite serves one process (its folder is locked), so nothing else can be running the job.
    async runAlone(_name, job) {
      await job();
      return true;
    },
    poolWaiting: () => 0,
    poolConnections: () => ({ total: 0, idle: 0 }),
    // CHECKPOINT first, so the copy needs no replay of the log; the dump itself waits for the query running.
    snapshot: async () => {
      await client.exec('CHECKPOINT');
      return client.dumpDataDir('gzip');
    },
    async close() {
      await client.close();
      await unlockDataDir();
    },
  };
}

/**
 * Several processes may start together on one server: the first to take the lock applies the
 * migrations, the others wait for it and then find nothing left to apply. On a connection of its
 * own, outside the pool's statement timeout: a migration, or the wait for another's, may be long.
 */
async function migrateUnderLock(connectionString: string): Promise<void> {
  const client = new pg.Client({ connectionString });
  await client.connect();
  try {
    await client.query(`select pg_advisory_lock(hashtext('portal.migrations'))`);
    try {
      await migratePg(drizzlePg(client, { schema }), { migrationsFolder });
    } finally {
      await client.query(`select pg_advisory_unlock(hashtext('portal.migrations'))`);
    }
  } finally {
    await client.end();
  }
}

/**
 * With MIGRATE_ON_START=false the migrations are a step of their own, run before this version
 * starts (expand/contract, decision 019): a database that lacks any is refused, rather than served
 * with a schema the code does not know.
 */
async function assertMigrated(db: Database): Promise<void> {
  const journal = JSON.parse(readFileSync(path.join(migrationsFolder, 'meta', '_journal.json'), 'utf8')) as { entries: unknown[] };
  const applied = await db
    .execute(sql`select count(*)::int as n from drizzle.__drizzle_migrations`)
    .then((result) => Number((result as unknown as { rows: { n: number }[] }).rows[0]?.n ?? 0))
    .catch(() => 0);
  const missing = journal.entries.length - applied;
  if (missing > 0) {
    throw new MigrationsMissingError(
      `MIGRATE_ON_START is false and ${missing} of ${journal.entries.length} migrations are not applied to this database: run \`npm run migrate\` (as a role allowed to change the schema) first.`,
    );
  }
}

export class MigrationsMissingError extends Error {}

/** A session advisory lock on a connection held for the job: released by the unlock, or by PostgreSQL if the process dies. */
async function runUnderTryLock(pool: pg.Pool, name: string, job: () => Promise<void>): Promise<boolean> {
  const client = await pool.connect();
  try {
    const { rows } = await client.query<{ locked: boolean }>('select pg_try_advisory_lock(hashtext($1)) as locked', [`portal.job.${name}`]);
    if (!rows[0]?.locked) return false;
    try {
      await job();
    } finally {
      await client.query('select pg_advisory_unlock(hashtext($1))', [`portal.job.${name}`]);
    }
    return true;
  } finally {
    client.release();
  }
}

/** PGlite is one process's database: a second process on the same folder would corrupt it, so it is refused. */
export async function lockDataDir(dataPath: string): Promise<() => Promise<void>> {
  try {
    return await lockFile(dataPath);
  } catch (error) {
    if ((error as { code?: string }).code !== 'ELOCKED') throw error;
    throw new DataDirInUseError(
      `Another portal process is using the embedded database in ${dataPath}. The embedded database serves one process: ` +
        'stop the other one (a crashed one releases it within 10 seconds), or set DATABASE_URL to run several.',
    );
  }
}

export class DataDirInUseError extends Error {}

/**
 * The pool, each of whose connections LISTENs too (when `listening`), before its first statement:
 * PostgreSQL hands a session the notifications it sent itself at commit, before it answers the
 * statement, so this process hears of its own change before the change's query resolves
 * (decision 016). A connection passes on only its own; the others' come once, by the process's
 * LISTEN connection, which skips what the pool's server processes sent.
 */
function poolHearingItsOwnChanges(connectionString: string, max: number, listening: boolean, timeouts: DatabaseTimeouts | undefined) {
  const ownNotifications = new ChannelSubscribers();
  const poolBackends = new Set<number>();
  const backendOf = new WeakMap<pg.PoolClient, number>();
  const pool = new pg.Pool({
    connectionString,
    max,
    ...(timeouts ? poolTimeouts(timeouts) : {}),
    onConnect: listening
      ? async (client) => {
          const { rows } = await client.query<{ pid: number }>('select pg_backend_pid() as pid');
          const backend = rows[0]!.pid;
          backendOf.set(client as pg.PoolClient, backend);
          poolBackends.add(backend);
          client.on('notification', (message) => {
            if (message.processId === backend) ownNotifications.tell(message.channel, message.payload ?? '');
          });
          await client.query(NOTIFY_CHANNELS.map((channel) => `LISTEN ${pg.escapeIdentifier(channel)}`).join('; '));
        }
      : undefined,
  });
  pool.on('remove', (client) => poolBackends.delete(backendOf.get(client) ?? -1));
  return { pool, ownNotifications, isPoolBackend: (pid: number) => poolBackends.has(pid) };
}

export interface DatabaseTimeouts {
  /** Waiting for a connection: opening one, or a free one of the pool. */
  connectMs: number;
  /** One statement, ended by PostgreSQL (57014). */
  statementMs: number;
  /** A transaction left idle (its locks held), ended by PostgreSQL (25P03). */
  idleInTransactionMs: number;
}

/** The configured limits, as the pool takes them. */
export function databaseTimeouts(config: Pick<Config, 'timeouts'>): DatabaseTimeouts {
  return { connectMs: config.timeouts.databaseConnectMs, statementMs: config.timeouts.statementMs, idleInTransactionMs: config.timeouts.idleInTransactionMs };
}

/**
 * The pool's limits. PostgreSQL enforces the statement and idle-transaction ones; a server that
 * does not answer at all (paused, or the network gone) cannot, so the client gives up on a query
 * a little after the server would have.
 */
function poolTimeouts(timeouts: DatabaseTimeouts): pg.PoolConfig {
  return {
    connectionTimeoutMillis: timeouts.connectMs,
    statement_timeout: timeouts.statementMs,
    idle_in_transaction_session_timeout: timeouts.idleInTransactionMs,
    query_timeout: timeouts.statementMs + 2000,
  };
}

/** As the process's own LISTEN connection tells them: with the server process that sent each. */
interface ServerChannelHandlers extends Omit<ChannelHandlers, 'onMessage'> {
  onMessage(payload: string, sender: number): void;
}

/** Who is told of a channel's notifications arriving on the pool's connections. */
class ChannelSubscribers {
  private readonly byChannel = new Map<string, Set<(payload: string) => void>>();

  add(channel: string, onMessage: (payload: string) => void): () => void {
    let subscribers = this.byChannel.get(channel);
    if (!subscribers) this.byChannel.set(channel, (subscribers = new Set()));
    subscribers.add(onMessage);
    return () => subscribers.delete(onMessage);
  }

  tell(channel: string, payload: string): void {
    for (const onMessage of this.byChannel.get(channel) ?? []) onMessage(payload);
  }
}

/** A `listen` for a deployment that cannot LISTEN: never live, so whoever subscribed keeps nothing. */
export async function neverListening(_channel: NotifyChannel, handlers: ChannelHandlers): Promise<() => Promise<void>> {
  handlers.onLive(false);
  return async () => {};
}

/**
 * LISTEN on a connection of its own, outside the pool, reopened with backoff when PostgreSQL
 * drops it (a notification sent meanwhile is lost, which `onLive(false)` tells).
 */
async function listenOnServer(
  connectionString: string,
  channel: string,
  handlers: ServerChannelHandlers,
  onError: (error: Error) => void,
  connectMs: number | undefined,
): Promise<() => Promise<void>> {
  let client: pg.Client | undefined;
  let stopped = false;
  let retryMs = 250;
  let retry: NodeJS.Timeout | undefined;

  const lost = (which: pg.Client) => {
    if (which !== client) return;
    client = undefined;
    handlers.onLive(false);
    which.end().catch(() => {});
    if (stopped) return;
    retry = setTimeout(connect, retryMs);
    retryMs = Math.min(retryMs * 2, 10_000);
  };

  const connect = async () => {
    const next = new pg.Client({ connectionString, connectionTimeoutMillis: connectMs });
    client = next;
    next.on('notification', (message) => {
      if (message.channel === channel) handlers.onMessage(message.payload ?? '', message.processId);
    });
    next.on('error', (error) => {
      onError(error);
      lost(next);
    });
    next.on('end', () => lost(next));
    try {
      await next.connect();
      await next.query(`LISTEN ${pg.escapeIdentifier(channel)}`);
      if (client !== next) {
        await next.end();
        return;
      }
      retryMs = 250;
      handlers.onLive(true);
    } catch (error) {
      onError(error as Error);
      lost(next);
    }
  };

  await connect();
  return async () => {
    stopped = true;
    clearTimeout(retry);
    const open = client;
    client = undefined;
    await open?.end().catch(() => {});
  };
}

/**
 * A query prepared once per database and reused: for the few queries on every request's path,
 * which are then neither rebuilt nor re-planned. Given a transaction, it is prepared on it (a query
 * prepared on the database would run outside the transaction).
 */
export function preparedPerDatabase<P, D extends Executor = Database>(prepare: (db: D) => P): (db: D) => P {
  const prepared = new WeakMap<D, P>();
  return (db) => {
    let query = prepared.get(db);
    if (!query) prepared.set(db, (query = prepare(db)));
    return query;
  };
}
