import cluster from 'node:cluster';
import { readFileSync } from 'node:fs';
import { context, propagation, trace } from '@opentelemetry/api';
import { AsyncLocalStorageContextManager } from '@opentelemetry/context-async-hooks';
import {
  CompositePropagator,
  W3CBaggagePropagator,
  W3CTraceContextPropagator,
} from '@opentelemetry/core';
import { registerInstrumentations } from '@opentelemetry/instrumentation';
import { IORedisInstrumentation } from '@opentelemetry/instrumentation-ioredis';
import { PinoInstrumentation } from '@opentelemetry/instrumentation-pino';
import {
  defaultResource,
  detectResources,
  envDetector,
  hostDetector,
  processDetector,
  resourceFromAttributes,
} from '@opentelemetry/resources';
import { TracerProvider } from '@opentelemetry/sdk-trace';
import { ATTR_SERVICE_NAME, ATTR_SERVICE_VERSION } from '@opentelemetry/semantic-conventions';
import { waitAtMost } from '../common/time/wait-at-most.js';
import { BetterSqlite3Instrumentation } from '../database/better-sqlite3.instrumentation.js';
import { MySQL2WithinRecordedSpans } from '../database/mysql2.instrumentation.js';
import { boundedBatchProcessor } from './bounded-batch-processor.js';
import { serverSpans } from './server-spans.js';
import { installTelemetry } from './telemetry.js';
import type { TracingSettings } from './tracing-settings.js';
import { samplerFor } from './trace-sampler.js';
import { webhookAttemptSpans } from './webhook-attempt-spans.js';

const TRACER_NAME = 'petstore';

function serviceVersion(): string {
  const manifest = new URL('../../../package.json', import.meta.url);
  return (JSON.parse(readFileSync(manifest, 'utf8')) as { version: string }).version;
}

/** Starts OpenTelemetry; returns the modules its instrumentations patch, for the loader hook. */
export function startOpenTelemetry(settings: TracingSettings): string[] {
  context.setGlobalContextManager(new AsyncLocalStorageContextManager().enable());
  propagation.setGlobalPropagator(
    new CompositePropagator({
      propagators: [new W3CTraceContextPropagator(), new W3CBaggagePropagator()],
    }),
  );
  const version = serviceVersion();
  // OTEL_SERVICE_NAME and OTEL_RESOURCE_ATTRIBUTES (the env detector) override the defaults.
  const resource = defaultResource()
    .merge(
      resourceFromAttributes({
        [ATTR_SERVICE_NAME]: 'petstore',
        [ATTR_SERVICE_VERSION]: version,
        // Which worker of the instance (src/cluster/) made the span; the pid is process.pid.
        ...(cluster.worker ? { 'petstore.worker.id': cluster.worker.id } : {}),
      }),
    )
    .merge(detectResources({ detectors: [processDetector, hostDetector, envDetector] }));
  const { processor, counts } = boundedBatchProcessor(settings.protocol);
  const provider = new TracerProvider({
    resource,
    sampler: samplerFor(settings.sampler),
    spanProcessors: [processor],
  });
  trace.setGlobalTracerProvider(provider);

  const instrumentations = [
    // Statement text with its values replaced by '?', whatever the caller inlined.
    new MySQL2WithinRecordedSpans(),
    new BetterSqlite3Instrumentation(),
    // The command's name only: its arguments are keys and counters.
    new IORedisInstrumentation({
      requireParentSpan: true,
      dbStatementSerializer: (command) => command,
    }),
    // trace_id and span_id on every line logged within a request; lines stay on stdout only.
    new PinoInstrumentation({ disableLogSending: true }),
  ];
  registerInstrumentations({ tracerProvider: provider, instrumentations });

  const tracer = provider.getTracer(TRACER_NAME, version);
  installTelemetry({
    tracing: true,
    traceRequest: serverSpans(tracer),
    spanCounts: () => ({ ...counts }),
    startWebhookAttempt: webhookAttemptSpans(tracer),
    currentTraceparent: () => {
      if (trace.getSpan(context.active()) === undefined) return undefined;
      const carrier: Record<string, string> = {};
      propagation.inject(context.active(), carrier);
      return carrier.traceparent;
    },
    shutdown: (withinMs) => waitAtMost(provider.shutdown(), withinMs),
  });
  return instrumentations.flatMap((instrumentation) =>
    instrumentation.getModuleDefinitions().map((definition) => definition.name),
  );
}
