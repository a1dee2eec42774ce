import { IncomingMessage } from 'node:http';
import { register } from 'node:module';
import { FastifyOtelInstrumentation } from '@fastify/otel';
import type { Span } from '@opentelemetry/api';
import { AwsInstrumentation } from '@opentelemetry/instrumentation-aws-sdk';
import { HttpInstrumentation } from '@opentelemetry/instrumentation-http';
import { IORedisInstrumentation } from '@opentelemetry/instrumentation-ioredis';
import { PgInstrumentation } from '@opentelemetry/instrumentation-pg';
import { PinoInstrumentation } from '@opentelemetry/instrumentation-pino';
import { NodeSDK, resources } from '@opentelemetry/sdk-node';
import { createAddHookMessageChannel } from 'import-in-the-middle';
import { loggableUrl } from '../http/log-privacy.js';
import { SERVICE } from '../service.js';

/** The attribute that names the portal's request id (the `x-request-id` answer header, `reqId` in the logs). */
export const REQUEST_ID_ATTRIBUTE = 'portal.request_id';

/** Probes every few seconds from the load balancer and Prometheus: traced, they would drown the requests. */
const PROBES = new Set(['/healthz', '/readyz', '/metrics']);
const isProbe = (url: string | undefined) => PROBES.has((url ?? '').split('?')[0]!);

export interface Tracing {
  /** Sends the spans not yet sent and stops: after the server's drain, before the process exits. */
  shutdown(): Promise<void>;
}

/**
 * A request's path and query as the logs show them (http/log-privacy.ts): a console search, a
 * card's check code or a calendar feed's secret address never reaches the traces.
 */
function loggableParts(url: string): { 'url.path': string; 'url.query'?: string } {
  const loggable = loggableUrl(url);
  const at = loggable.indexOf('?');
  return at === -1 ? { 'url.path': loggable } : { 'url.path': loggable.slice(0, at), 'url.query': loggable.slice(at + 1) };
}

/**
 * Starts the OpenTelemetry SDK: spans of each request (its HTTP server span, Fastify's request and
 * handler), and the PostgreSQL queries, Redis commands and S3 calls made inside one, sent to the
 * OTLP collector the OTEL_* variables name (OTEL_EXPORTER_OTLP_ENDPOINT, _PROTOCOL, _HEADERS, ...).
 * Only traces: metrics stay Prometheus's (/metrics) and logs standard output's, whose lines get the
 * trace and span ids of the request they belong to.
 *
 * It must run before http, Fastify, pg, ioredis and the AWS SDK are first imported (main.ts loads
 * the portal after it): ESM imports are patched by import-in-the-middle's loader hook, registered
 * here for the modules the instrumentations name and no others.
 */
export async function startTracing(): Promise<Tracing> {
  const { registerOptions, waitForAllMessagesAcknowledged } = createAddHookMessageChannel();
  register('@opentelemetry/instrumentation/hook.mjs', import.meta.url, registerOptions);

  // The HTTP server span of each request, until Fastify has given the request its id.
  const serverSpans = new WeakMap<IncomingMessage, Span>();
  const sdk = new NodeSDK({
    // OTEL_SERVICE_NAME and OTEL_RESOURCE_ATTRIBUTES, when set, win over these.
    resource: resources.defaultResource().merge(resources.resourceFromAttributes({ 'service.name': SERVICE.name, 'service.version': SERVICE.version })),
    metricReaders: [],
    logRecordProcessors: [],
    instrumentations: [
      new HttpInstrumentation({
        ignoreIncomingRequestHook: (request) => isProbe(request.url),
        requestHook: (span, request) => {
          if (!(request instanceof IncomingMessage)) return; // a request the portal sends (S3, Paystack)
          serverSpans.set(request, span);
          span.setAttributes(loggableParts(request.url ?? '/'));
        },
      }),
      new FastifyOtelInstrumentation({
        registerOnInitialization: true,
        // The request and handler spans; one span per hook of every plugin (cookies, CSRF, rate limits, sessions, ...) is noise.
        instrumentHooks: false,
        ignorePaths: (route) => isProbe(route.url),
        // A handler span is named after the plugin around it, which for most routes is a function's source.
        lifecycleHook: (span, { hookName, request }) => {
          if (hookName === 'handler') span.updateName(`handler ${request.routeOptions.url ?? ''}`);
        },
        requestHook: (span, request) => {
          span.setAttributes({ [REQUEST_ID_ATTRIBUTE]: request.id, ...loggableParts(request.url) });
          serverSpans.get(request.raw)?.setAttribute(REQUEST_ID_ATTRIBUTE, request.id);
        },
      }),
      // Queries and commands of a request; the background work's (the outbox polled every few seconds) would be a trace each.
      new PgInstrumentation({ requireParentSpan: true }),
      // The command's name alone: rate-limit keys carry addresses and email addresses.
      new IORedisInstrumentation({ requireParentSpan: true, dbStatementSerializer: (command) => command }),
      new AwsInstrumentation(),
      // Log lines get trace_id and span_id; they are not sent as OpenTelemetry logs.
      new PinoInstrumentation({ disableLogSending: true }),
    ],
  });
  sdk.start();
  await waitForAllMessagesAcknowledged();
  return { shutdown: () => sdk.shutdown() };
}
