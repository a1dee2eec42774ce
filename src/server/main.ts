import 'dotenv/config';
import cluster from 'node:cluster';
import { ConfigError, loadConfig } from './config.js';
import { errorForLog } from './http/errors.js';
import { unsupportedNode } from './node-version.js';
import { logLine } from './service.js';
import type * as Serving from './serving.js';

/**
 * The entry: checks Node and the configuration, starts tracing when OTEL_EXPORTER_OTLP_ENDPOINT
 * asks for it, and only then loads the portal (serving.ts and everything it imports): tracing
 * patches http, Fastify, pg, ioredis and the S3 client as they are first imported. Without it,
 * nothing of OpenTelemetry is loaded. Only what loads no instrumented module is imported above.
 */
let serving: typeof Serving | undefined;

async function main(): Promise<void> {
  const nodeProblem = unsupportedNode();
  if (nodeProblem) throw new ConfigError(nodeProblem);
  const config = loadConfig();
  // The supervising process of PROCESSES > 1 serves no request: each portal process traces its own.
  const supervising = config.processes > 1 && cluster.isPrimary;
  const tracing = config.tracing && !supervising ? await (await import('./telemetry/tracing.js')).startTracing() : undefined;
  serving = await import('./serving.js');
  if (supervising) serving.superviseProcesses(config);
  else await serving.serve(config, tracing);
}

main().catch((error: unknown) => {
  // A configuration problem is the operator's to fix: its message says what; anything else keeps its stack.
  const known = error instanceof ConfigError || serving?.operatorsProblem(error) === true;
  console.error(logLine('fatal', known ? (error as Error).message : 'the portal could not start', known ? {} : { err: errorForLog(error) }));
  process.exit(1);
});
