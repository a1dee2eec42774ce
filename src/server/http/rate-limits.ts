import fastifyRateLimit from '@fastify/rate-limit';
import type { FastifyInstance } from 'fastify';
import { Redis } from 'ioredis';

/**
 * The counters behind every rate limit (route limits and `app.createRateLimit`): in Redis/Valkey
 * when REDIS_URL is set, so every process and host counts together; in this process otherwise.
 */
export async function registerRateLimits(app: FastifyInstance, redis: { url: string; keyPrefix: string } | undefined): Promise<void> {
  if (!redis) {
    await app.register(fastifyRateLimit, { global: false });
    return;
  }
  // The first connection must succeed, so a wrong REDIS_URL stops the start; after that, commands
  // fail at once while Redis is away instead of queueing behind the reconnection.
  const client = new Redis(redis.url, { lazyConnect: true, enableOfflineQueue: false, maxRetriesPerRequest: 1, connectTimeout: 5000 });
  client.on('error', (error: Error) => app.log.warn({ err: error.message }, 'Redis connection lost; rate limits let requests through until it is back'));
  await client.connect();
  app.addHook('onClose', async () => {
    await client.quit();
  });
  // A Redis outage must not lock every member out; limits count again once it answers.
  await app.register(fastifyRateLimit, { global: false, redis: client, nameSpace: `${redis.keyPrefix}rate-limit:`, skipOnError: true });
}
