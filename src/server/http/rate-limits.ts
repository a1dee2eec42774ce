import fastifyRateLimit, {
  type FastifyRateLimitStore,
  type FastifyRateLimitStoreCtor,
  type RateLimitOptions,
  type RateLimitPluginOptions,
} from '@fastify/rate-limit';
import LocalStore from '@fastify/rate-limit/store/LocalStore.js';
import RedisStore from '@fastify/rate-limit/store/RedisStore.js';
import type { FastifyInstance } from 'fastify';
import { Redis } from 'ioredis';
import type { DependencyHealth } from '../dependencies.js';

/**
 * The counters behind every rate limit (route limits and `app.createRateLimit`): in Redis/Valkey
 * when REDIS_URL is set, so every process and host counts together; in this process otherwise.
 * While Redis is away, at start or later, every limit is counted in this process alone, as
 * without REDIS_URL: neither open to a guesser nor closed to members (decision 018).
 */
export async function registerRateLimits(app: FastifyInstance, redis: { url: string; keyPrefix: string } | undefined, health: DependencyHealth): Promise<void> {
  if (!redis) {
    await app.register(fastifyRateLimit, { global: false });
    return;
  }
  // Commands fail at once while Redis is away instead of queueing behind the reconnection, and the
  // client keeps reconnecting in the background (ioredis's default retry, at most every 2 s).
  // A Redis that holds the connection and says nothing (paused) fails a command after a second.
  const client = new Redis(redis.url, { lazyConnect: true, enableOfflineQueue: false, maxRetriesPerRequest: 1, connectTimeout: 5000, commandTimeout: 1000 });
  client.on('error', (error: Error) => health.failed('redis', error, { redisUrl: withoutPassword(redis.url) }));
  client.on('ready', () => health.recovered('redis'));
  // A Redis that is away at start is not fatal: the portal starts degraded and the client connects when it can.
  await client.connect().catch((error: unknown) => health.failed('redis', error, { redisUrl: withoutPassword(redis.url) }));
  app.addHook('onClose', async () => {
    client.disconnect();
  });
  await app.register(fastifyRateLimit, { global: false, store: redisOrLocal(client, `${redis.keyPrefix}rate-limit:`, health) });
}

/** The store class the plugin builds: Redis's counters while it answers, this process's own otherwise. */
function redisOrLocal(client: Redis, nameSpace: string, health: DependencyHealth): FastifyRateLimitStoreCtor {
  class RedisOrLocalStore implements FastifyRateLimitStore {
    constructor(
      private readonly shared: FastifyRateLimitStore,
      private readonly local: FastifyRateLimitStore,
    ) {}

    incr(...[key, callback, timeWindow, max]: Parameters<FastifyRateLimitStore['incr']>): void {
      if (client.status !== 'ready') return this.local.incr(key, callback, timeWindow, max);
      this.shared.incr(
        key,
        (error, result) => {
          if (!error) return callback(null, result);
          health.failed('redis', error);
          this.local.incr(key, callback, timeWindow, max);
        },
        timeWindow,
        max,
      );
    }

    child(routeOptions: Parameters<FastifyRateLimitStore['child']>[0]): FastifyRateLimitStore {
      return new RedisOrLocalStore(this.shared.child(routeOptions), this.local.child(routeOptions));
    }
  }
  return class extends RedisOrLocalStore {
    constructor(options: RateLimitPluginOptions) {
      const continueExceeding = options.continueExceeding ?? false;
      const exponentialBackoff = options.exponentialBackoff ?? false;
      super(namedRedisStore(client, nameSpace, nameSpace, options), new LocalStore(continueExceeding, exponentialBackoff));
    }
  };
}

type LimitParams = RateLimitOptions & { routeInfo?: { method?: string; url?: string } };

/**
 * The library's own Redis store (its counting script), with counters named
 * `<prefix>rate-limit:<METHOD><path>-<key>` for a route's limit and `<prefix>rate-limit:<key>` for
 * one made with createRateLimit, whose key names it already (auth/account-limits.ts): the library
 * would name the latter `undefinedundefined-<key>`.
 */
function namedRedisStore(client: Redis, nameSpace: string, key: string, params: LimitParams): FastifyRateLimitStore {
  const store: FastifyRateLimitStore = new RedisStore(Boolean(params.continueExceeding), Boolean(params.exponentialBackoff), client, key);
  store.child = (child) => {
    const { method, url } = (child as LimitParams).routeInfo ?? {};
    return namedRedisStore(client, nameSpace, method && url ? `${nameSpace}${method}${url}-` : nameSpace, child as LimitParams);
  };
  return store;
}

/** REDIS_URL as a log line may show it. */
function withoutPassword(url: string): string {
  const parsed = new URL(url);
  if (parsed.password) parsed.password = '***';
  return parsed.toString();
}
