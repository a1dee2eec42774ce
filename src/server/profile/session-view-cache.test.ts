import { describe, expect, it } from 'vitest';
import { type SessionView, SessionViewCache } from './session-view-cache.js';

const HOUR = 3_600_000;

function viewOf(userId: string, sessionExpiresAt = new Date(Date.now() + HOUR)): SessionView {
  return { user: { id: userId } as SessionView['user'], ad: null, sessionExpiresAt };
}

function liveCache(options: Partial<{ ttlMs: number; maxEntries: number; now: () => number }> = {}) {
  const cache = new SessionViewCache({ ttlMs: 60_000, maxEntries: 100, ...options });
  cache.setLive(true);
  return cache;
}

describe('SessionViewCache', () => {
  it('keeps a view and answers it for the same session only', () => {
    const cache = liveCache();
    cache.keep('s1', viewOf('u1'), cache.readVersion());
    expect(cache.get('s1')?.user.id).toBe('u1');
    expect(cache.get('s2')).toBeUndefined();
  });

  it('keeps nothing while the notification channel is down', () => {
    const cache = new SessionViewCache({ ttlMs: 60_000, maxEntries: 100 });
    cache.keep('s1', viewOf('u1'), cache.readVersion());
    expect(cache.get('s1')).toBeUndefined();

    cache.setLive(true);
    cache.keep('s1', viewOf('u1'), cache.readVersion());
    cache.setLive(false);
    expect(cache.get('s1')).toBeUndefined();
  });

  it('forgets every session of a member who changed, and only theirs', () => {
    const cache = liveCache();
    cache.keep('phone', viewOf('u1'), cache.readVersion());
    cache.keep('laptop', viewOf('u1'), cache.readVersion());
    cache.keep('other', viewOf('u2'), cache.readVersion());
    cache.forgetMember('u1');
    expect(cache.get('phone')).toBeUndefined();
    expect(cache.get('laptop')).toBeUndefined();
    expect(cache.get('other')?.user.id).toBe('u2');
  });

  it('does not keep a view read before a change that arrived during the read', () => {
    const cache = liveCache();
    const version = cache.readVersion();
    cache.forgetMember('u1');
    cache.keep('s1', viewOf('u1'), version);
    expect(cache.get('s1')).toBeUndefined();
  });

  it('lets a view go after its time, or when the session itself ends', () => {
    let now = Date.now();
    const cache = liveCache({ ttlMs: 1_000, now: () => now });
    cache.keep('short', viewOf('u1', new Date(now + 500)), cache.readVersion());
    cache.keep('long', viewOf('u2'), cache.readVersion());
    now += 600;
    expect(cache.get('short')).toBeUndefined();
    expect(cache.get('long')).toBeDefined();
    now += 500;
    expect(cache.get('long')).toBeUndefined();
    expect(cache.size).toBe(0);
  });

  it('holds at most maxEntries, dropping the oldest', () => {
    const cache = liveCache({ maxEntries: 2 });
    for (const id of ['a', 'b', 'c']) cache.keep(id, viewOf(`u-${id}`), cache.readVersion());
    expect(cache.size).toBe(2);
    expect(cache.get('a')).toBeUndefined();
    expect(cache.get('c')).toBeDefined();
  });

  it('keeps a session read again once, as the newest, without dropping another', () => {
    const cache = liveCache({ maxEntries: 2 });
    cache.keep('a', viewOf('u-a'), cache.readVersion());
    cache.keep('b', viewOf('u-b'), cache.readVersion());
    cache.keep('b', viewOf('u-b'), cache.readVersion());
    expect(cache.get('a')).toBeDefined();
    expect(cache.size).toBe(2);
    cache.keep('a', viewOf('u-a'), cache.readVersion());
    cache.keep('c', viewOf('u-c'), cache.readVersion());
    expect(cache.get('a')).toBeDefined();
    expect(cache.get('b')).toBeUndefined();
  });
});
