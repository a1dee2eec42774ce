import type { FastifyBaseLogger } from 'fastify';

/** What the portal depends on beyond its own process. */
export const DEPENDENCIES = ['database', 'storage', 'redis'] as const;
export type Dependency = (typeof DEPENDENCIES)[number];

/** `degraded`: away, and the portal runs without it (Redis: limits counted in this process). */
export type DependencyState = 'up' | 'down' | 'degraded' | 'not configured';

/** A dependency that did not answer in time, or refused: the request is answered 503 and the log names it. */
export class DependencyUnavailableError extends Error {
  constructor(
    readonly dependency: Dependency,
    message: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
    this.name = 'DependencyUnavailableError';
  }
}

/** Rejects with a DependencyUnavailableError if `work` has not settled after `ms`. */
export async function withinDeadline<T>(dependency: Dependency, ms: number, what: string, work: Promise<T>): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const expired = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => reject(new DependencyUnavailableError(dependency, `${dependency}: ${what} did not answer within ${ms} ms`)), ms);
  });
  try {
    return await Promise.race([work, expired]);
  } finally {
    clearTimeout(timer);
  }
}

interface Outage {
  since: number;
  probe: NodeJS.Timeout | undefined;
}

/**
 * Which dependencies answer, told by whoever saw one fail or come back. Each outage is logged
 * once when it starts and once when it ends, however many requests meet it meanwhile. A
 * dependency with a probe is asked again every `probeEveryMs` until it answers.
 */
export class DependencyHealth {
  private readonly outages = new Map<Dependency, Outage>();
  private readonly configured: Set<Dependency>;
  private readonly withoutIt: Partial<Record<Dependency, string>>;

  constructor(
    private readonly log: FastifyBaseLogger,
    options: {
      configured: Dependency[];
      probes?: Partial<Record<Dependency, () => Promise<unknown>>>;
      /** What the portal does while this one is away, said in the warning (and a state of `degraded`). */
      withoutIt?: Partial<Record<Dependency, string>>;
      probeEveryMs?: number;
    },
  ) {
    this.configured = new Set(options.configured);
    this.probes = options.probes ?? {};
    this.withoutIt = options.withoutIt ?? {};
    this.probeEveryMs = options.probeEveryMs ?? 2000;
  }

  private readonly probes: Partial<Record<Dependency, () => Promise<unknown>>>;
  private readonly probeEveryMs: number;

  /** Failures seen per dependency since start (every one, not only each outage's first), for /metrics. */
  readonly errors: Record<Dependency, number> = { database: 0, storage: 0, redis: 0 };

  failed(dependency: Dependency, error: unknown, detail: Record<string, unknown> = {}): void {
    this.errors[dependency]++;
    if (this.outages.has(dependency)) return;
    const outage: Outage = { since: Date.now(), probe: undefined };
    this.outages.set(dependency, outage);
    const meanwhile = this.withoutIt[dependency];
    this.log.warn({ dependency, err: error, ...detail }, `${dependency} unavailable${meanwhile ? `; ${meanwhile}` : ''}`);
    this.probeUntilBack(dependency, outage);
  }

  recovered(dependency: Dependency): void {
    const outage = this.outages.get(dependency);
    if (!outage) return;
    clearTimeout(outage.probe);
    this.outages.delete(dependency);
    this.log.info({ dependency, downForMs: Date.now() - outage.since }, `${dependency} is back`);
  }

  /** Asks this one again, every `probeEveryMs` while it is away. */
  addProbe(dependency: Dependency, probe: () => Promise<unknown>): void {
    this.probes[dependency] = probe;
  }

  isDown(dependency: Dependency): boolean {
    return this.outages.has(dependency);
  }

  stateOf(dependency: Dependency): DependencyState {
    if (!this.configured.has(dependency)) return 'not configured';
    if (!this.outages.has(dependency)) return 'up';
    return this.withoutIt[dependency] ? 'degraded' : 'down';
  }

  states(): Record<Dependency, DependencyState> {
    return Object.fromEntries(DEPENDENCIES.map((dependency) => [dependency, this.stateOf(dependency)])) as Record<Dependency, DependencyState>;
  }

  /** Stops the probes (the process is closing). */
  stop(): void {
    for (const outage of this.outages.values()) clearTimeout(outage.probe);
  }

  private probeUntilBack(dependency: Dependency, outage: Outage): void {
    const probe = this.probes[dependency];
    if (!probe) return;
    outage.probe = setTimeout(async () => {
      if (this.outages.get(dependency) !== outage) return;
      try {
        await probe();
        this.recovered(dependency);
      } catch {
        if (this.outages.get(dependency) === outage) this.probeUntilBack(dependency, outage);
      }
    }, this.probeEveryMs);
    outage.probe.unref();
  }
}
