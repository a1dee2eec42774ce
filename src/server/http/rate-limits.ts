import { createRequire } from 'node:module';
import fastifyRateLimit, { type FastifyRateLimitStore, type FastifyRateLimitStoreCtor, type RateLimitOptions } from '@fastify/rate-limit';
import type { FastifyInstance } from 'fastify';
import { Redis } from 'ioredis';

interface LibraryRedisStore extends FastifyRateLimitStore {
  key: string;
}
/** The library's own Redis store (its counting script), used as is: only its keys' names change. */
const RedisStore = createRequire(import.meta.url)('@fastify/rate-limit/store/RedisStore.js') as new (
  continueExceeding: boolean,
  exponentialBackoff: boolean,
  redis: Redis,
  key: string,
) => LibraryRedisStore;

type LimitParams = RateLimitOptions & { routeInfo?: { method?: string; url?: string } };

/**
 * Counters named `<prefix>rate-limit:<METHOD><path>-<key>` for a route's limit, and
 * `<prefix>rate-limit:<key>` for one made with createRateLimit, whose key names it already
 * (auth/account-limits.ts): the library would name the latter `undefinedundefined-<key>`.
 */
function namedRedisStore(client: Redis, nameSpace: string) {
  const make = (params: LimitParams, key: string): LibraryRedisStore => {
    const store = new RedisStore(Boolean(params.continueExceeding), Boolean(params.exponentialBackoff), client, key);
    store.child = (child) => {
      const { method, url } = (child as LimitParams).routeInfo ?? {};
      return make(child as LimitParams, method && url ? `${nameSpace}${method}${url}-` : nameSpace);
    };
    return store;
  };
  return class {
    constructor(params: LimitParams) {
      // The plugin calls `new Store(options)`: the object returned is the store it uses.
      return make(params, nameSpace);
    }
  };
}

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
  const store = namedRedisStore(client, `${redis.keyPrefix}rate-limit:`) as unknown as FastifyRateLimitStoreCtor;
  await app.register(fastifyRateLimit, { global: false, store, skipOnError: true });
}
