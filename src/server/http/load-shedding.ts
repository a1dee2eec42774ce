import underPressure, { type FastifyUnderPressureOptions } from '@fastify/under-pressure';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../config.js';
import type { DatabaseHandle } from '../db/client.js';
import { UNAVAILABLE } from './errors.js';

/** Answered even under pressure: the liveness probe (a busy process is alive) and the metrics that show the pressure. */
const ALWAYS_ANSWERED = new Set(['/healthz', '/metrics']);
const RETRY_AFTER_SECONDS = 2;

/**
 * A process too busy to answer in time says so at once (503 with Retry-After) rather than queueing
 * more work: while its event loop lags more than `eventLoopDelayMs`, or more than `poolWaiting`
 * queries wait for a database connection (sampled twice a second).
 */
export async function registerLoadShedding(app: FastifyInstance, shedding: Config['shedding'], database: Pick<DatabaseHandle, 'poolWaiting'>): Promise<void> {
  await app.register(underPressure, {
    maxEventLoopDelay: shedding.eventLoopDelayMs,
    ...(shedding.poolWaiting > 0 ? { healthCheck: async () => database.poolWaiting() <= shedding.poolWaiting, healthCheckInterval: 500 } : {}),
    // Returning the body has the plugin send it; returning nothing lets the request through.
    pressureHandler: ((request, reply, type) => {
      if (ALWAYS_ANSWERED.has(request.url.split('?')[0] ?? '')) return undefined;
      request.log.debug({ pressure: type }, 'shedding load');
      reply.code(503).header('Retry-After', String(RETRY_AFTER_SECONDS));
      return { message: UNAVAILABLE };
    }) as (...args: Parameters<NonNullable<FastifyUnderPressureOptions['pressureHandler']>>) => void,
  });
}
