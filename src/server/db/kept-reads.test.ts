import { describe, expect, it } from 'vitest';
import { KeptReads, type KeptReadsOptions, readThrough } from './kept-reads.js';

/** A kept session's user, grouped by member as the session lookup keeps it. */
const userOf = (userId: string) => ({ id: userId });

function liveCache(options: Partial<KeptReadsOptions> = {}) {
  const cache = new KeptReads<{ id: string }>({ ttlMs: 60_000, maxEntries: 100, ...options });
  cache.setLive(true);
  return cache;
}

describe('KeptReads', () => {
  it('keeps a view and answers it for the same session only', () => {
    const cache = liveCache();
    cache.keep('s1', 'u1', userOf('u1'), cache.readVersion());
    expect(cache.get('s1')?.id).toBe('u1');
    expect(cache.get('s2')).toBeUndefined();
  });

  it('keeps nothing while the notification channel is down', () => {
    const cache = new KeptReads<{ id: string }>({ ttlMs: 60_000, maxEntries: 100 });
    cache.keep('s1', 'u1', userOf('u1'), cache.readVersion());
    expect(cache.get('s1')).toBeUndefined();

    cache.setLive(true);
    cache.keep('s1', 'u1', userOf('u1'), cache.readVersion());
    cache.setLive(false);
    expect(cache.get('s1')).toBeUndefined();
  });

  it('forgets every session of a member who changed, and only theirs', () => {
    const cache = liveCache();
    cache.keep('phone', 'u1', userOf('u1'), cache.readVersion());
    cache.keep('laptop', 'u1', userOf('u1'), cache.readVersion());
    cache.keep('other', 'u2', userOf('u2'), cache.readVersion());
    cache.forgetGroup('u1');
    expect(cache.get('phone')).toBeUndefined();
    expect(cache.get('laptop')).toBeUndefined();
    expect(cache.get('other')?.id).toBe('u2');
  });

  it('does not keep a view read before a change that arrived during the read', () => {
    const cache = liveCache();
    const version = cache.readVersion();
    cache.forgetGroup('u1');
    cache.keep('s1', 'u1', userOf('u1'), version);
    expect(cache.get('s1')).toBeUndefined();
  });

  it('lets a view go after its time, or when the session itself ends', () => {
    let now = Date.now();
    const cache = liveCache({ ttlMs: 1_000, now: () => now });
    cache.keep('short', 'u1', userOf('u1'), cache.readVersion(), now + 500);
    cache.keep('long', 'u2', userOf('u2'), cache.readVersion());
    now += 600;
    expect(cache.get('short')).toBeUndefined();
    expect(cache.get('long')).toBeDefined();
    now += 500;
    expect(cache.get('long')).toBeUndefined();
    expect(cache.size).toBe(0);
  });

  it('holds at most maxEntries, dropping the oldest', () => {
    const cache = liveCache({ maxEntries: 2 });
    for (const id of ['a', 'b', 'c']) cache.keep(id, `u-${id}`, userOf(`u-${id}`), cache.readVersion());
    expect(cache.size).toBe(2);
    expect(cache.get('a')).toBeUndefined();
    expect(cache.get('c')).toBeDefined();
  });

  it('keeps a session read again once, as the newest, without dropping another', () => {
    const cache = liveCache({ maxEntries: 2 });
    cache.keep('a', 'u-a', userOf('u-a'), cache.readVersion());
    cache.keep('b', 'u-b', userOf('u-b'), cache.readVersion());
    cache.keep('b', 'u-b', userOf('u-b'), cache.readVersion());
    expect(cache.get('a')).toBeDefined();
    expect(cache.size).toBe(2);
    cache.keep('a', 'u-a', userOf('u-a'), cache.readVersion());
    cache.keep('c', 'u-c', userOf('u-c'), cache.readVersion());
    expect(cache.get('a')).toBeDefined();
    expect(cache.get('b')).toBeUndefined();
  });

  it('follows its notification channel: a message forgets that group, a lost channel everything', () => {
    const cache = new KeptReads<{ id: string }>({ ttlMs: 60_000, maxEntries: 100 });
    cache.channelHandlers.onLive(true);
    cache.keep('s1', 'u1', userOf('u1'), cache.readVersion());
    cache.keep('s2', 'u2', userOf('u2'), cache.readVersion());
    cache.channelHandlers.onMessage('u1');
    expect(cache.get('s1')).toBeUndefined();
    expect(cache.get('s2')).toBeDefined();
    cache.channelHandlers.onLive(false);
    expect(cache.size).toBe(0);
  });
});

describe('readThrough', () => {
  it('reads once and answers the kept row after; a fresh read always asks and drops what was kept', async () => {
    const cache = liveCache();
    let reads = 0;
    const read = async () => ({ value: userOf(`u${++reads}`), group: 'u' });
    expect(await readThrough(cache, 's1', read)).toEqual({ id: 'u1' });
    expect(await readThrough(cache, 's1', read)).toEqual({ id: 'u1' });
    expect(await readThrough(cache, 's1', read, { fresh: true })).toEqual({ id: 'u2' });
    expect(cache.size).toBe(0);
    expect(await readThrough(cache, 's1', read)).toEqual({ id: 'u3' });
    expect(reads).toBe(3);
  });

  it('keeps nothing for a row that is not there', async () => {
    const cache = liveCache();
    expect(await readThrough(cache, 's1', async () => null)).toBeNull();
    expect(cache.size).toBe(0);
  });
});
