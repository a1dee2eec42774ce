// PostgreSQL's notifications (LISTEN/NOTIFY): the channels, who is told of them, and the LISTEN
// connection of a process's own (decision 016). The pool's connections LISTEN too: postgres.ts.
import pg from 'pg';

/** The channels the triggers of drizzle/0005 NOTIFY at commit, each with a member's id. */
export const NOTIFY_CHANNELS = ['session_changed', 'ad_changed'] as const;
export type NotifyChannel = (typeof NOTIFY_CHANNELS)[number];

export interface ChannelHandlers {
  onMessage(payload: string): void;
  /** false while notifications can be missed (the connection is lost), true once listening again. */
  onLive(live: boolean): void;
}

/** As the process's own LISTEN connection tells them: with the server process that sent each. */
export interface ServerChannelHandlers extends Omit<ChannelHandlers, 'onMessage'> {
  onMessage(payload: string, sender: number): void;
}

/** Who is told of a channel's notifications arriving on the pool's connections. */
export class ChannelSubscribers {
  private readonly byChannel = new Map<string, Set<(payload: string) => void>>();

  add(channel: string, onMessage: (payload: string) => void): () => void {
    let subscribers = this.byChannel.get(channel);
    if (!subscribers) this.byChannel.set(channel, (subscribers = new Set()));
    subscribers.add(onMessage);
    return () => subscribers.delete(onMessage);
  }

  tell(channel: string, payload: string): void {
    for (const onMessage of this.byChannel.get(channel) ?? []) onMessage(payload);
  }
}

/** A `listen` for a deployment that cannot LISTEN: never live, so whoever subscribed keeps nothing. */
export async function neverListening(_channel: NotifyChannel, handlers: ChannelHandlers): Promise<() => Promise<void>> {
  handlers.onLive(false);
  return async () => {};
}

/**
 * LISTEN on a connection of its own, outside the pool, reopened with backoff when PostgreSQL
 * drops it (a notification sent meanwhile is lost, which `onLive(false)` tells).
 */
export async function listenOnServer(
  connectionString: string,
  channel: string,
  handlers: ServerChannelHandlers,
  onError: (error: Error) => void,
  connectMs: number | undefined,
): Promise<() => Promise<void>> {
  let client: pg.Client | undefined;
  let stopped = false;
  let retryMs = 250;
  let retry: NodeJS.Timeout | undefined;

  const lost = (which: pg.Client) => {
    if (which !== client) return;
    client = undefined;
    handlers.onLive(false);
    which.end().catch(() => {});
    if (stopped) return;
    retry = setTimeout(connect, retryMs);
    retryMs = Math.min(retryMs * 2, 10_000);
  };

  const connect = async () => {
    const next = new pg.Client({ connectionString, connectionTimeoutMillis: connectMs });
    client = next;
    next.on('notification', (message) => {
      if (message.channel === channel) handlers.onMessage(message.payload ?? '', message.processId);
    });
    next.on('error', (error) => {
      onError(error);
      lost(next);
    });
    next.on('end', () => lost(next));
    try {
      await next.connect();
      await next.query(`LISTEN ${pg.escapeIdentifier(channel)}`);
      if (client !== next) {
        await next.end();
        return;
      }
      retryMs = 250;
      handlers.onLive(true);
    } catch (error) {
      onError(error as Error);
      lost(next);
    }
  };

  await connect();
  return async () => {
    stopped = true;
    clearTimeout(retry);
    const open = client;
    client = undefined;
    await open?.end().catch(() => {});
  };
}
