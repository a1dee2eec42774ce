import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';

/** How the stored submissions compare with the acknowledged ones, tag by tag. */
export interface TagComparison {
  stored: number;
  /** Acknowledged, yet not stored. */
  lost: string[];
  /** Stored rows beyond the first of their tag. */
  duplicated: number;
  /** Stored but never acknowledged: the answer was cut off after the commit. */
  extra: number;
}

/** Compares sets, not totals: one submission lost is never hidden by another stored whose answer was cut off. */
export function compareTags(acknowledged: Set<string>, storedTags: string[]): TagComparison {
  const stored = new Set(storedTags);
  return {
    stored: storedTags.length,
    lost: [...acknowledged].filter((tag) => !stored.has(tag)),
    duplicated: storedTags.length - stored.size,
    extra: [...stored].filter((tag) => !acknowledged.has(tag)).length,
  };
}

const LOOPBACK = new Set(['127.0.0.1', 'localhost', '::1']);

/** `pg_lsclusters` as columns: version, name, port, status, ... */
function listClusters(): string[][] {
  if (!existsSync('/etc/postgresql')) return [];
  return execFileSync('pg_lsclusters', ['--no-header'], { encoding: 'utf8' })
    .trim()
    .split('\n')
    .map((line) => line.trim().split(/\s+/));
}

/**
 * The cluster on this machine that serves `serverUrl` (found by its port), or why none may be
 * restarted: a server on another host is never touched.
 */
export function localCluster(serverUrl: string, clusters: () => string[][] = listClusters): { version: string; name: string } | { refused: string } {
  const url = new URL(serverUrl);
  const host = url.hostname.replace(/^\[(.*)\]$/, '$1');
  if (!LOOPBACK.has(host)) return { refused: `refusing to restart ${host}: only a server on 127.0.0.1 or ::1 is restarted` };
  const port = url.port || '5432';
  const serving = clusters().find((columns) => columns[2] === port);
  if (!serving?.[0] || !serving[1]) return { refused: `no local PostgreSQL cluster listens on port ${port}` };
  return { version: serving[0], name: serving[1] };
}
