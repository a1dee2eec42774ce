import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Database } from '../db/client.js';
import { type DependencyHealth, withinDeadline } from '../dependencies.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** SIGTERM's first step: /readyz answers 503 for `ms` while everything else is still served, so the load balancer stops first. */
    drainReadiness(ms: number): Promise<void>;
  }
}

/** The longest /readyz waits for the database: a load balancer's probe gives up after a few seconds. */
const READINESS_DEADLINE_MS = 2000;

/**
 * The probes a load balancer or orchestrator asks: `/healthz` says the process answers (restart it
 * otherwise); `/readyz` says it should be sent traffic: the database answers, and the process is
 * not stopping. Its body names each dependency's state (Redis away is `degraded`: the portal
 * still serves). Once the listener is closing, Fastify itself answers every request, this one
 * included, with 503 (`return503OnClosing`).
 */
export function registerHealth(app: FastifyInstance, db: Database, health: DependencyHealth): void {
  let draining = false;
  app.decorate('drainReadiness', async (ms: number) => {
    draining = true;
    await new Promise((resolve) => setTimeout(resolve, ms));
  });

  app.get('/healthz', async (_request, reply) => reply.header('Cache-Control', 'no-store').send({ status: 'ok' }));

  app.get('/readyz', async (_request, reply) => {
    reply.header('Cache-Control', 'no-store');
    if (draining) return reply.code(503).send({ status: 'stopping', dependencies: health.states() });
    try {
      await withinDeadline('database', READINESS_DEADLINE_MS, 'select 1', db.execute(sql`select 1`));
      health.recovered('database');
    } catch (error) {
      health.failed('database', error);
      return reply.code(503).send({ status: 'database unavailable', dependencies: health.states() });
    }
    return reply.send({ status: 'ready', dependencies: health.states() });
  });
}
