import 'dotenv/config';
import cluster from 'node:cluster';
import { once } from 'node:events';
import closeWithGrace from 'close-with-grace';
import { buildApp } from './app.js';
import { type Config, ConfigError, loadConfig } from './config.js';
import { DataDirInUseError, MigrationsMissingError } from './db/client.js';
import { errorForLog } from './http/errors.js';
import { serveClusterMetrics } from './http/metrics.js';
import { unsupportedNode } from './node-version.js';
import { logLine } from './service.js';

/**
 * One portal process: on SIGTERM it first says it is not ready (/readyz 503) while still serving,
 * so the load balancer stops sending it traffic; then it closes the listener, drains the requests
 * in flight, and closes.
 */
async function serve(config: Config): Promise<void> {
  const app = await buildApp(config);
  closeWithGrace({ delay: config.readinessDrainMs + config.shutdownTimeoutMs, logger: app.log }, async ({ signal, err }) => {
    if (err) app.log.error({ err }, 'stopping after an unexpected error');
    else {
      app.log.info({ signal, readinessDrainMs: config.readinessDrainMs }, 'shutting down: /readyz answers 503 before the listener closes');
      await app.drainReadiness(config.readinessDrainMs);
    }
    await app.close();
  });
  await app.listen({ port: config.port, host: config.host });
}

/** PROCESSES > 1: this process only starts the portal processes, sharing the port, and replaces one that dies. */
function superviseProcesses(config: Config): void {
  let stopping = false;
  if (config.metricsToken) serveClusterMetrics();
  for (let i = 0; i < config.processes; i++) cluster.fork();
  cluster.on('exit', (worker, code, signal) => {
    if (stopping) return;
    console.error(logLine('warn', 'portal process ended; starting another in a second', { worker: worker.process.pid, exit: signal ?? code }));
    // A second's pause, so a process that cannot start (its database away) is not restarted in a tight loop.
    setTimeout(() => {
      if (!stopping) cluster.fork();
    }, 1000);
  });
  closeWithGrace({ delay: config.readinessDrainMs + config.shutdownTimeoutMs + 2000 }, async () => {
    stopping = true;
    const workers = Object.values(cluster.workers ?? {}).filter((worker) => worker !== undefined);
    await Promise.all(
      workers.map((worker) => {
        const exited = once(worker, 'exit');
        worker.process.kill('SIGTERM');
        return exited;
      }),
    );
  });
}

async function main(): Promise<void> {
  const nodeProblem = unsupportedNode();
  if (nodeProblem) throw new ConfigError(nodeProblem);
  const config = loadConfig();
  if (config.processes > 1 && cluster.isPrimary) superviseProcesses(config);
  else await serve(config);
}

main().catch((error: unknown) => {
  // A configuration problem is the operator's to fix: its message says what; anything else keeps its stack.
  const known = error instanceof ConfigError || error instanceof DataDirInUseError || error instanceof MigrationsMissingError;
  console.error(logLine('fatal', known ? error.message : 'the portal could not start', known ? {} : { err: errorForLog(error) }));
  process.exit(1);
});
