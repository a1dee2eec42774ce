import cluster from 'node:cluster';
import { createHash, randomUUID, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { AggregatorRegistry, collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import type { AppContext } from '../context.js';
import type { DatabaseHandle } from '../db/client.js';
import { DEPENDENCIES } from '../dependencies.js';
import { outboxBacklog } from '../mail/outbox.js';

/** How long a scrape waits for the database's figures before leaving them out (Node's own are always served). */
const DATABASE_FIGURES_MS = 1000;
/** How long a process waits for the primary's sum of every process before answering with its own figures. */
const AGGREGATE_MS = 6000;

const ASK = 'portal:metrics-request';
const ANSWER = 'portal:metrics-answer';
interface DatabaseFigures {
  unsent: number;
  oldestAgeSeconds: number;
  dead: number;
  /** Each feature gauge's figure, in the order app.ts handed them. */
  features: number[];
}
interface Ask {
  type: typeof ASK;
  id: string;
}
interface Answer {
  type: typeof ANSWER;
  id: string;
  text?: string;
  error?: string;
}

/**
 * `GET /metrics` in Prometheus format, behind METRICS_TOKEN (a bearer token); not served at all
 * without one. With PROCESSES > 1 the process a scrape reaches asks the primary, which sums every
 * process's figures (prom-client's AggregatorRegistry): counters add up, the database's figures
 * (the same from every process) are taken once. The database's figures are NaN when it does not
 * answer within a second; Node's and the process's own are served all the same.
 */
/** A figure a feature owns and reads from the database (payments waiting, ...) at each scrape; app.ts hands them in. */
export interface FeatureGauge {
  name: string;
  help: string;
  read(): Promise<number>;
}

export function registerMetrics(
  app: FastifyInstance,
  ctx: AppContext,
  database: Pick<DatabaseHandle, 'poolWaiting' | 'poolConnections'>,
  figures: { featureGauges: FeatureGauge[]; lastBackupAgeSeconds(): Promise<number | undefined> },
): void {
  const { featureGauges, lastBackupAgeSeconds } = figures;
  const token = ctx.config.metricsToken;
  if (!token) return;
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });

  const latency = new Histogram({
    name: 'portal_http_request_duration_seconds',
    help: 'Time to answer a request, by route',
    labelNames: ['method', 'route', 'status_code'],
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5],
    registers: [registry],
  });
  const answers = new Counter({
    name: 'portal_http_responses_total',
    help: 'Answers by status code (every request, routed or not)',
    labelNames: ['status_code'],
    registers: [registry],
  });
  app.addHook('onResponse', async (request, reply) => {
    const route = request.routeOptions.url;
    if (route === '/metrics') return;
    answers.inc({ status_code: reply.statusCode });
    if (route) latency.observe({ method: request.method, route, status_code: reply.statusCode }, reply.elapsedTime / 1000);
  });

  new Gauge({
    name: 'portal_db_pool_waiting',
    help: 'Queries waiting for a free database connection',
    registers: [registry],
    collect() {
      this.set(database.poolWaiting());
    },
  });
  new Gauge({
    name: 'portal_db_pool_connections',
    help: 'Database connections the pools hold, by state',
    labelNames: ['state'],
    registers: [registry],
    collect() {
      const { total, idle } = database.poolConnections();
      this.set({ state: 'idle' }, idle);
      this.set({ state: 'busy' }, total - idle);
    },
  });
  new Gauge({
    name: 'portal_dependency_up',
    help: 'Whether each configured dependency answers (1) or is away (0; Redis away: limits counted per process); the lowest of the processes',
    labelNames: ['dependency'],
    registers: [registry],
    aggregator: 'min',
    collect() {
      for (const [dependency, state] of Object.entries(ctx.health.states())) {
        if (state !== 'not configured') this.set({ dependency }, state === 'up' ? 1 : 0);
      }
    },
  });
  new Counter({
    name: 'portal_dependency_errors_total',
    help: 'Calls to a dependency that failed or did not answer in time',
    labelNames: ['dependency'],
    registers: [registry],
    collect() {
      this.reset();
      for (const dependency of DEPENDENCIES) this.inc({ dependency }, ctx.health.errors[dependency]);
    },
  });
  new Counter({
    name: 'portal_mail_total',
    help: 'Mail delivery attempts by outcome: sent, failed (to be retried or dead), dead (given up on)',
    labelNames: ['outcome'],
    registers: [registry],
    collect() {
      this.reset();
      for (const [outcome, count] of Object.entries(ctx.tallies.mail)) this.inc({ outcome }, count);
    },
  });
  new Gauge({
    name: 'portal_job_last_success_timestamp_seconds',
    help: 'When each scheduled job last went through without an error (Unix time); absent until it has',
    labelNames: ['job'],
    registers: [registry],
    aggregator: 'max',
    collect() {
      this.reset();
      for (const [job, at] of Object.entries(ctx.tallies.lastSuccess)) if (at !== undefined) this.set({ job }, at);
    },
  });
  new Gauge({
    name: 'portal_backup_last_age_seconds',
    help: 'Age of the newest backup in BACKUP_DIR; NaN when there is none',
    registers: [registry],
    aggregator: 'min',
    async collect() {
      this.set((await lastBackupAgeSeconds()) ?? Number.NaN);
    },
  });

  // The database's figures: the same from every process, so taken once ('max') when summed. One
  // query per scrape, shared by the gauges that show it (prom-client collects them all at once).
  let asked: Promise<DatabaseFigures | undefined> | undefined;
  // Every gauge of a scrape starts collecting at once, before the query can settle; the next scrape asks again.
  const databaseFigures = () => {
    asked ??= deadline(Promise.all([outboxBacklog(ctx.db), Promise.all(featureGauges.map((gauge) => gauge.read()))]), DATABASE_FIGURES_MS)
      .then(([backlog, features]) => ({ ...backlog, features }))
      .catch(() => undefined)
      .finally(() => {
        asked = undefined;
      });
    return asked;
  };
  const fromDatabase = (name: string, help: string, pick: (figures: DatabaseFigures) => number) =>
    new Gauge({
      name,
      help,
      registers: [registry],
      aggregator: 'max',
      async collect() {
        const figures = await databaseFigures();
        this.set(figures ? pick(figures) : Number.NaN);
      },
    });
  fromDatabase('portal_outbox_unsent', 'Mail waiting to be sent', (figures) => figures.unsent);
  fromDatabase('portal_outbox_oldest_unsent_age_seconds', 'How long the oldest unsent mail has waited', (figures) => figures.oldestAgeSeconds);
  fromDatabase('portal_outbox_dead', 'Mail given up on after its last attempt', (figures) => figures.dead);
  featureGauges.forEach((gauge, index) => fromDatabase(gauge.name, gauge.help, (figures) => figures.features[index] ?? Number.NaN));
  new Gauge({
    name: 'portal_metrics_database_figures',
    help: 'Whether the database answered for this scrape (0: the outbox and payments figures are NaN)',
    registers: [registry],
    aggregator: 'min',
    async collect() {
      this.set((await databaseFigures()) ? 1 : 0);
    },
  });

  const inCluster = cluster.isWorker;
  if (inCluster) {
    // The primary asks every process for its figures (prom-client's own messages) and sums them.
    new AggregatorRegistry();
    AggregatorRegistry.setRegistries([registry]);
  }

  const expected = digest(`Bearer ${token}`);
  app.get('/metrics', async (request, reply) => {
    if (!timingSafeEqual(digest(request.headers.authorization ?? ''), expected)) return reply.code(401).header('WWW-Authenticate', 'Bearer').send();
    let text: string;
    if (inCluster) {
      text = await askPrimary().catch(async (error: unknown) => {
        request.log.warn({ err: error }, 'the primary did not sum the processes’ metrics; answering with this process’s own');
        return registry.metrics();
      });
    } else text = await registry.metrics();
    return reply.header('Content-Type', registry.contentType).header('Cache-Control', 'no-store').send(text);
  });
}

/** Under PROCESSES > 1, in the primary: answers the processes' requests for every process's metrics. */
export function serveClusterMetrics(): void {
  const aggregator = new AggregatorRegistry();
  cluster.on('message', (worker, message: Ask) => {
    if (message?.type !== ASK) return;
    aggregator.clusterMetrics().then(
      (text) => worker.send({ type: ANSWER, id: message.id, text } satisfies Answer),
      (error: unknown) => worker.send({ type: ANSWER, id: message.id, error: error instanceof Error ? error.message : String(error) } satisfies Answer),
    );
  });
}

function askPrimary(): Promise<string> {
  const id = randomUUID();
  return deadline(
    new Promise<string>((resolve, reject) => {
      const onMessage = (message: Answer) => {
        if (message?.type !== ANSWER || message.id !== id) return;
        process.off('message', onMessage);
        if (message.text !== undefined) resolve(message.text);
        else reject(new Error(message.error ?? 'no answer'));
      };
      process.on('message', onMessage);
      process.send!({ type: ASK, id } satisfies Ask);
    }),
    AGGREGATE_MS,
  );
}

async function deadline<T>(work: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  try {
    return await Promise.race([work, new Promise<never>((_resolve, reject) => (timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms)))]);
  } finally {
    clearTimeout(timer);
  }
}

function digest(value: string): Buffer {
  return createHash('sha256').update(value).digest();
}
