import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';
import type { AppContext } from '../context.js';
import type { DatabaseHandle } from '../db/client.js';
import { outboxBacklog } from '../mail/outbox.js';

/** A figure a feature owns (payments waiting, ...), read at each scrape; app.ts hands them in. */
export interface FeatureGauge {
  name: string;
  help: string;
  read(): Promise<number>;
}

/**
 * `GET /metrics` in Prometheus format for this process, behind METRICS_TOKEN (a bearer token);
 * not served at all without one. The database figures are the same from every process.
 */
export function registerMetrics(app: FastifyInstance, ctx: AppContext, database: Pick<DatabaseHandle, 'poolWaiting'>, featureGauges: FeatureGauge[]): void {
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
  app.addHook('onResponse', async (request, reply) => {
    const route = request.routeOptions.url;
    if (!route || route === '/metrics') return;
    latency.observe({ method: request.method, route, status_code: reply.statusCode }, reply.elapsedTime / 1000);
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
    name: 'portal_dependency_up',
    help: 'Whether each configured dependency answers (1) or is away (0; Redis away: limits counted per process)',
    labelNames: ['dependency'],
    registers: [registry],
    collect() {
      for (const [dependency, state] of Object.entries(ctx.health.states())) {
        if (state !== 'not configured') this.set({ dependency }, state === 'up' ? 1 : 0);
      }
    },
  });
  const unsent = new Gauge({ name: 'portal_outbox_unsent', help: 'Mail waiting to be sent', registers: [registry] });
  const oldest = new Gauge({ name: 'portal_outbox_oldest_unsent_age_seconds', help: 'How long the oldest unsent mail has waited', registers: [registry] });
  const dead = new Gauge({ name: 'portal_outbox_dead', help: 'Mail given up on after its last attempt', registers: [registry] });
  const features = featureGauges.map((gauge) => ({ gauge: new Gauge({ name: gauge.name, help: gauge.help, registers: [registry] }), read: gauge.read }));

  const expected = digest(`Bearer ${token}`);
  app.get('/metrics', async (request, reply) => {
    if (!timingSafeEqual(digest(request.headers.authorization ?? ''), expected)) return reply.code(401).header('WWW-Authenticate', 'Bearer').send();
    const backlog = await outboxBacklog(ctx.db);
    unsent.set(backlog.unsent);
    oldest.set(backlog.oldestAgeSeconds);
    dead.set(backlog.dead);
    for (const { gauge, read } of features) gauge.set(await read());
    return reply.header('Content-Type', registry.contentType).header('Cache-Control', 'no-store').send(await registry.metrics());
  });
}

function digest(value: string): Buffer {
  return createHash('sha256').update(value).digest();
}
