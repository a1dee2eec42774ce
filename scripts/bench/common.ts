// What every mode of `npm run bench` shares: the load runs' settings (`--quick`), autocannon's run, the
// browser.
import { spawn } from 'node:child_process';
import autocannon from 'autocannon';
import getPort from 'get-port';
import type { LoadResult } from '../lib/goals.js';

export const quick = process.argv.includes('--quick');

export const DURATION = quick ? 3 : 10;
/** Seconds of the same load before each measured run, not counted: the code is compiled and the connections opened. */
export const WARMUP = quick ? 2 : 3;
export const CONNECTIONS = 50;
export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
export const CHROME_FLAGS = [
  '--headless=new',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

export async function load(name: string, options: autocannon.Options): Promise<LoadResult> {
  // autocannon runs `warmup` first and leaves it out of the figures; its types do not list it.
  const warmup = { connections: CONNECTIONS, duration: WARMUP };
  const result = await autocannon({ connections: CONNECTIONS, duration: DURATION, ...options, ...{ warmup } });
  const errors = result.errors + result.timeouts + result.non2xx;
  return { name, rps: result.requests.average, p99: result.latency.p99, errors };
}

/** Rounds of a bare run and the call right after it, for a share of the bare server that the machine's drift moves less. */
export const SHARE_ROUNDS = 3;

/** One call's share of the bare server, each round measuring the bare server just before the call. */
export interface ShareRounds {
  rounds: { bare: LoadResult; call: LoadResult }[];
  /** The median round's share (call / bare), NaN when a bare run answered nothing. */
  median: number;
}

export async function shareRounds(name: string, bareUrl: string, options: autocannon.Options): Promise<ShareRounds> {
  const rounds: ShareRounds['rounds'] = [];
  for (let round = 1; round <= SHARE_ROUNDS; round++) {
    const bare = await load(`bare node:http, round ${round}`, { url: bareUrl });
    rounds.push({ bare, call: await load(`${name}, round ${round}`, options) });
  }
  return { rounds, median: median(rounds.map(({ bare, call }) => (bare.rps > 0 ? call.rps / bare.rps : Number.NaN))) };
}

export function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? Number.NaN;
}

export const FORM_BODY = JSON.stringify({
  name: 'Bench Member',
  email: 'bench@example.com',
  phone: '08031234567',
  documentType: 'flyers',
  quantity: 100,
  paperSize: 'a4',
  color: 'full-color',
  comments: 'Benchmark run',
});

/** A server in a child process of its own, answering on 127.0.0.1 once it is up (if it never is, its runs measure nothing and say so). */
export async function startChild(args: (port: number) => string[]): Promise<{ url: string; stop: () => void }> {
  const port = await getPort();
  const child = spawn(process.execPath, args(port), { stdio: 'inherit' });
  const url = `http://127.0.0.1:${port}/`;
  for (let i = 0; i < 200; i++) {
    try {
      await fetch(url);
      return { url, stop: () => child.kill() };
    } catch {
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }
  console.error(`${args(port).join(' ')} did not answer in 10 s`);
  return { url, stop: () => child.kill() };
}

export const startBareServer = () =>
  startChild((port) => [
    '-e',
    `require('node:http').createServer((q,s)=>{s.writeHead(200,{'content-type':'application/json'});s.end('{"ok":true}')}).listen(${port},'127.0.0.1')`,
  ]);
