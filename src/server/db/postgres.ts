// A PostgreSQL server: the pool (whose connections hear this process's own notifications), its
// limits, the migrations applied under a lock, and the jobs run by one process at a time.
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import type { Config } from '../config.js';
import type { Database, DatabaseHandle, DatabaseTimeouts, OpenDatabaseOptions } from './handle.js';
import { assertMigrated, migrationsFolder } from './migrations.js';
import { ChannelSubscribers, listenOnServer, NOTIFY_CHANNELS, neverListening } from './notifications.js';
import * as schema from './schema.js';

/** The database on the PostgreSQL server at `databaseUrl`, its migrations applied first (unless `migrate: false`). */
export async function openPostgres(databaseUrl: string, options: OpenDatabaseOptions): Promise<DatabaseHandle> {
  const listening = options.listenUrl !== null;
  const { pool, ownNotifications, isPoolBackend } = poolHearingItsOwnChanges(databaseUrl, options.poolSize ?? 10, listening, options.timeouts);
  // Without listeners, a connection dropped by a PostgreSQL restart would crash the process:
  // the pool's covers idle connections, each client's covers one checked out (in a transaction).
  const onError = options.onConnectionError ?? (() => {});
  pool.on('error', onError);
  pool.on('connect', (client) => client.on('error', onError));
  const db = drizzlePg(pool, { schema });
  if (options.migrate !== false) await migrateUnderLock(databaseUrl);
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
          const stopServer = await listenOnServer(options.listenUrl ?? databaseUrl, channel, fromOthers, onError, options.timeouts?.connectMs);
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
