import { readFileSync } from 'node:fs';

/** The program and release every log line names: package.json's name and version (beside src/ and dist/ alike). */
export const SERVICE: { name: string; version: string } = (() => {
  const manifest = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as { name: string; version: string };
  return { name: manifest.name, version: manifest.version };
})();

/** A log line for the few places without Fastify's logger (the supervising process, a failed start): JSON, as pino writes. */
export function logLine(level: 'info' | 'warn' | 'error' | 'fatal', msg: string, fields: Record<string, unknown> = {}): string {
  const levels = { info: 30, warn: 40, error: 50, fatal: 60 };
  return JSON.stringify({ level: levels[level], time: Date.now(), service: SERVICE.name, version: SERVICE.version, pid: process.pid, ...fields, msg });
}
