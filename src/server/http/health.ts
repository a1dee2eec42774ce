import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Database } from '../db/client.js';

/**
 * The probes a load balancer or orchestrator asks: `/healthz` says the process answers (restart it
 * otherwise); `/readyz` says it should be sent traffic: the database answers. Once the process is
 * stopping, Fastify itself answers every request, this one included, with 503 (`return503OnClosing`).
 */
export function registerHealth(app: FastifyInstance, db: Database): void {
  app.get('/healthz', async (_request, reply) => reply.header('Cache-Control', 'no-store').send({ status: 'ok' }));

  app.get('/readyz', async (request, reply) => {
    reply.header('Cache-Control', 'no-store');
    try {
      await db.execute(sql`select 1`);
    } catch (error) {
      request.log.warn({ err: (error as Error).message }, 'readiness: the database does not answer');
      return reply.code(503).send({ status: 'database unavailable' });
    }
    return reply.send({ status: 'ready' });
  });
}
