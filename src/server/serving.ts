import cluster from 'node:cluster';
import { once } from 'node:events';
import closeWithGrace from 'close-with-grace';
import { buildApp } from './app.js';
import { type Config, ConfigError } from './config.js';
import { DataDirInUseError, MigrationsMissingError } from './db/client.js';
import { serveClusterMetrics } from './http/metrics.js';
import { logLine } from './service.js';
import type { Tracing } from './telemetry/tracing.js';

/**
 * One portal process: on SIGTERM it first says it is not ready (/readyz 503) while still serving,
 * so the load balancer stops sending it traffic; then it closes the listener, drains the requests
 * in flight, sends the spans not yet sent (when tracing), and closes.
 */
export async function serve(config: Config, tracing: Tracing | undefined): Promise<void> {
  const app = await buildApp(config);
  closeWithGrace({ delay: config.readinessDrainMs + config.shutdownTimeoutMs, logger: app.log }, async ({ signal, err }) => {
    if (err) app.log.error({ err }, 'stopping after an unexpected error');
    else {
      app.log.info({ signal, readinessDrainMs: config.readinessDrainMs }, 'shutting down: /readyz answers 503 before the listener closes');
      await app.drainReadiness(config.readinessDrainMs);
    }
    await app.close();
    await tracing?.shutdown();
  });
  await app.listen({ port: config.port, host: config.host });
}

/** PROCESSES > 1: this process only starts the portal processes, sharing the port, and replaces one that dies. */
export function superviseProcesses(config: Config): void {
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

/** A start stopped by a problem the operator fixes (its message says what), rather than by a fault with a stack worth reading. */
export function operatorsProblem(error: unknown): error is Error {
  return error instanceof ConfigError || error instanceof DataDirInUseError || error instanceof MigrationsMissingError;
}
