import { execFileSync } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import getPort from 'get-port';

/** A PostgreSQL cluster of the soak's own, in a temporary folder on a free port: restarting it touches nobody else's. */
export interface OwnCluster {
  /** The cluster's `postgres` database, for scratch databases on it. */
  url: string;
  restart(): void;
  stop(): void;
}

/** Debian's newest server binaries (`/usr/lib/postgresql/<version>/bin`). */
function serverBinaries(): string {
  const root = '/usr/lib/postgresql';
  const versions = existsSync(root) ? readdirSync(root).filter((name) => existsSync(path.join(root, name, 'bin', 'initdb'))) : [];
  const newest = versions.sort((a, b) => Number(a) - Number(b)).at(-1);
  if (!newest) throw new Error(`no PostgreSQL server binaries in ${root}: apt-get install postgresql`);
  return path.join(root, newest, 'bin');
}

/** initdb refuses root: as root, the tools run as the `postgres` account. */
function asServerUser(command: string, args: string[]): [string, string[]] {
  return process.getuid?.() === 0 ? ['runuser', ['-u', 'postgres', '--', command, ...args]] : [command, args];
}

export async function startOwnCluster(): Promise<OwnCluster> {
  const bin = serverBinaries();
  const folder = mkdtempSync(path.join(tmpdir(), 'soak-pg-'));
  // The server account must reach its folder; nothing else is in it.
  chmodSync(folder, 0o777);
  const data = path.join(folder, 'data');
  const port = await getPort();
  const run = (tool: string, args: string[]) => {
    const [command, fullArgs] = asServerUser(path.join(bin, tool), args);
    execFileSync(command, fullArgs, { stdio: ['ignore', 'ignore', 'inherit'] });
  };
  const pgCtl = (...args: string[]) => run('pg_ctl', ['-D', data, '-l', path.join(folder, 'server.log'), '-w', ...args]);
  run('initdb', ['-D', data, '-U', 'postgres', '--auth=trust', '-E', 'UTF8', '--no-sync']);
  pgCtl('-o', `-p ${port} -k ${folder} -c listen_addresses=127.0.0.1`, 'start');
  console.log(`PostgreSQL of the soak's own: ${bin}, port ${port}, in ${folder}`);
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    restart: () => pgCtl('-m', 'fast', 'restart'),
    stop() {
      try {
        pgCtl('-m', 'fast', 'stop');
      } finally {
        rmSync(folder, { recursive: true, force: true });
      }
    },
  };
}
