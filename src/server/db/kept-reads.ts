import type { ChannelHandlers } from './client.js';

interface Entry<V> {
  value: V;
  group: string;
  keptUntil: number;
}

export interface KeptReadsOptions {
  ttlMs: number;
  maxEntries: number;
  now?: () => number;
}

/**
 * Rows a process keeps between requests, grouped (by member), and forgotten group by group the
 * moment PostgreSQL notifies a change (a trigger's NOTIFY at commit, whoever made the change).
 * While the notification channel is down nothing is kept, so a missed notification never leaves a
 * stale row behind; a row read before a notification is not kept after it (a version counter).
 * See docs/decisions/008-one-session-lookup-kept-until-notified.md.
 */
export class KeptReads<V> {
  private readonly entries = new Map<string, Entry<V>>();
  private readonly keysOfGroup = new Map<string, Set<string>>();
  private live = false;
  /** Moves on every change; a row read before a change is not kept after it. */
  private version = 0;

  constructor(private readonly options: KeptReadsOptions) {}

  /** The channel handlers that keep this in step with the database's notifications (payload: the group). */
  readonly channelHandlers: ChannelHandlers = {
    onMessage: (payload) => this.forgetGroup(payload),
    onLive: (live) => this.setLive(live),
  };

  private now(): number {
    return this.options.now?.() ?? Date.now();
  }

  get(key: string): V | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    if (entry.keptUntil > this.now()) return entry.value;
    this.remove(key, entry.group);
    return undefined;
  }

  /** Call before reading the database; pass the result to `keep`. */
  readVersion(): number {
    return this.version;
  }

  /** Keeps a row read at `readVersion`, for at most the TTL and never past `validUntil`. */
  keep(key: string, group: string, value: V, readVersion: number, validUntil = Infinity): void {
    if (!this.live || readVersion !== this.version) return;
    const previous = this.entries.get(key);
    if (previous) this.remove(key, previous.group);
    if (this.entries.size >= this.options.maxEntries) {
      const [oldestKey, oldest] = this.entries.entries().next().value!;
      this.remove(oldestKey, oldest.group);
    }
    // Shared by the requests that follow: nothing may change it in place.
    Object.freeze(value);
    this.entries.set(key, { value, group, keptUntil: Math.min(this.now() + this.options.ttlMs, validUntil) });
    let keys = this.keysOfGroup.get(group);
    if (!keys) this.keysOfGroup.set(group, (keys = new Set()));
    keys.add(key);
  }

  forget(key: string): void {
    this.version++;
    const entry = this.entries.get(key);
    if (entry) this.remove(key, entry.group);
  }

  forgetGroup(group: string): void {
    this.version++;
    for (const key of this.keysOfGroup.get(group) ?? []) this.entries.delete(key);
    this.keysOfGroup.delete(group);
  }

  /** Told by the notification channel: everything kept is dropped whenever it goes down or comes back. */
  setLive(live: boolean): void {
    this.live = live;
    this.forgetAll();
  }

  private forgetAll(): void {
    this.version++;
    this.entries.clear();
    this.keysOfGroup.clear();
  }

  get isLive(): boolean {
    return this.live;
  }

  get size(): number {
    return this.entries.size;
  }

  private remove(key: string, group: string): void {
    this.entries.delete(key);
    const keys = this.keysOfGroup.get(group);
    keys?.delete(key);
    if (keys?.size === 0) this.keysOfGroup.delete(group);
  }
}

/**
 * Reads through a KeptReads: the kept row when there is one, else the database's, kept for the
 * next request. `fresh` (a change is about to be made) reads the database and drops what was kept.
 */
export async function readThrough<V>(
  kept: KeptReads<V>,
  key: string,
  read: () => Promise<{ value: V; group: string; validUntil?: number } | null>,
  { fresh = false } = {},
): Promise<V | null> {
  if (fresh) kept.forget(key);
  else {
    const hit = kept.get(key);
    if (hit) return hit;
  }
  const readVersion = kept.readVersion();
  const row = await read();
  if (!row) return null;
  if (!fresh) kept.keep(key, row.group, row.value, readVersion, row.validUntil);
  return row.value;
}
