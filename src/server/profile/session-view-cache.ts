import type { ads } from '../db/schema.js';
import type { AuthUser } from '../auth/sessions.js';

/** What the profile answer is made of: the session's user, their latest advert, and when the session ends. */
export interface SessionView {
  user: AuthUser;
  ad: typeof ads.$inferSelect | null;
  sessionExpiresAt: Date;
}

interface Entry {
  view: SessionView;
  keptUntil: number;
}

/**
 * Every signed-in read starts with the session's view, and every dashboard load asks for the
 * profile made of it. Each process keeps the view it last read for a session, for at most
 * `ttlMs` (for reads only: changes are authorised on fresh rows), and forgets a member's views as
 * soon as PostgreSQL tells it (NOTIFY `member_changed`, sent by triggers at commit) that the
 * member, one of their sessions or one of their adverts changed, whichever process or person
 * changed it. While that channel is down nothing is kept, so a missed notification can never
 * leave a stale view behind. See docs/decisions/006-session-views-kept-per-process.md.
 */
export class SessionViewCache {
  private readonly entries = new Map<string, Entry>();
  private readonly sessionsOfMember = new Map<string, Set<string>>();
  private live = false;
  /** Moves on every change; a view read before a change is not kept after it. */
  private version = 0;

  constructor(private readonly options: { ttlMs: number; maxEntries: number; now?: () => number } = { ttlMs: 60_000, maxEntries: 10_000 }) {}

  private now(): number {
    return this.options.now?.() ?? Date.now();
  }

  get(sessionId: string): SessionView | undefined {
    const entry = this.entries.get(sessionId);
    if (!entry) return undefined;
    const now = this.now();
    if (entry.keptUntil > now && entry.view.sessionExpiresAt.getTime() > now) return entry.view;
    this.remove(sessionId, entry.view.user.id);
    return undefined;
  }

  /** Call before reading the database; pass the result to `keep`. */
  readVersion(): number {
    return this.version;
  }

  keep(sessionId: string, view: SessionView, readVersion: number): void {
    if (!this.live || readVersion !== this.version) return;
    const previous = this.entries.get(sessionId);
    if (previous) this.remove(sessionId, previous.view.user.id);
    if (this.entries.size >= this.options.maxEntries) {
      const [oldestId, oldest] = this.entries.entries().next().value!;
      this.remove(oldestId, oldest.view.user.id);
    }
    // Shared by the requests that follow: nothing may change it in place.
    Object.freeze(view.user);
    if (view.ad) Object.freeze(view.ad);
    this.entries.set(sessionId, { view, keptUntil: this.now() + this.options.ttlMs });
    let sessions = this.sessionsOfMember.get(view.user.id);
    if (!sessions) this.sessionsOfMember.set(view.user.id, (sessions = new Set()));
    sessions.add(sessionId);
  }

  forgetMember(userId: string): void {
    this.version++;
    for (const sessionId of this.sessionsOfMember.get(userId) ?? []) this.entries.delete(sessionId);
    this.sessionsOfMember.delete(userId);
  }

  /** Told by the notification channel: kept views are dropped whenever it goes down or comes back. */
  setLive(live: boolean): void {
    this.live = live;
    this.version++;
    this.entries.clear();
    this.sessionsOfMember.clear();
  }

  get isLive(): boolean {
    return this.live;
  }

  get size(): number {
    return this.entries.size;
  }

  private remove(sessionId: string, userId: string): void {
    this.entries.delete(sessionId);
    const sessions = this.sessionsOfMember.get(userId);
    sessions?.delete(sessionId);
    if (sessions?.size === 0) this.sessionsOfMember.delete(userId);
  }
}
