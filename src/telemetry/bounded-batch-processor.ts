import { type Context, TraceFlags } from '@opentelemetry/api';
import { type ExportResult, ExportResultCode, getNumberFromEnv } from '@opentelemetry/core';
import { OTLPTraceExporter as OtlpJsonExporter } from '@opentelemetry/exporter-trace-otlp-http';
import { OTLPTraceExporter as OtlpProtobufExporter } from '@opentelemetry/exporter-trace-otlp-proto';
import {
  BatchSpanProcessor,
  type ReadableSpan,
  type Span,
  type SpanExporter,
  type SpanProcessor,
} from '@opentelemetry/sdk-trace';
import type { SpanCounts } from './telemetry.js';
import type { OtlpProtocol } from './tracing-settings.js';

const DEFAULT_MAX_QUEUE_SIZE = 2048;

/** Counts what the exporter did with each batch, and how many spans it still has to settle. */
class CountingExporter implements SpanExporter {
  constructor(
    private readonly exporter: SpanExporter,
    private readonly counts: SpanCounts,
    private readonly outstanding: { spans: number },
  ) {}

  export(spans: ReadableSpan[], done: (result: ExportResult) => void): void {
    this.exporter.export(spans, (result) => {
      this.outstanding.spans -= spans.length;
      if (result.code === ExportResultCode.SUCCESS) this.counts.exported += spans.length;
      else this.counts.droppedExportFailed += spans.length;
      done(result);
    });
  }

  shutdown(): Promise<void> {
    return this.exporter.shutdown();
  }

  forceFlush(): Promise<void> {
    return this.exporter.forceFlush?.() ?? Promise.resolve();
  }
}

/** The batch processor, counting the spans it drops when its queue is full. */
class BoundedBatchProcessor implements SpanProcessor {
  constructor(
    private readonly batch: BatchSpanProcessor,
    private readonly maxQueueSize: number,
    private readonly counts: SpanCounts,
    private readonly outstanding: { spans: number },
  ) {}

  onStart(span: Span, parent: Context): void {
    this.batch.onStart(span, parent);
  }

  onEnd(span: ReadableSpan): void {
    if ((span.spanContext().traceFlags & TraceFlags.SAMPLED) === 0) return;
    if (this.outstanding.spans >= this.maxQueueSize) {
      this.counts.droppedQueueFull++;
      return;
    }
    this.outstanding.spans++;
    this.batch.onEnd(span);
  }

  forceFlush(): Promise<void> {
    return this.batch.forceFlush();
  }

  shutdown(): Promise<void> {
    return this.batch.shutdown();
  }
}

/** OTLP over HTTP (OTEL_EXPORTER_OTLP_*) behind a batch processor (OTEL_BSP_*). */
export function boundedBatchProcessor(protocol: OtlpProtocol): {
  processor: SpanProcessor;
  counts: SpanCounts;
} {
  const counts: SpanCounts = { exported: 0, droppedQueueFull: 0, droppedExportFailed: 0 };
  const outstanding = { spans: 0 };
  const exporter = new CountingExporter(
    protocol === 'http/json' ? new OtlpJsonExporter() : new OtlpProtobufExporter(),
    counts,
    outstanding,
  );
  const maxQueueSize = getNumberFromEnv('OTEL_BSP_MAX_QUEUE_SIZE') ?? DEFAULT_MAX_QUEUE_SIZE;
  const batch = new BatchSpanProcessor({
    exporter,
    maxQueueSize,
    scheduledDelayMillis: getNumberFromEnv('OTEL_BSP_SCHEDULE_DELAY'),
    exportTimeoutMillis: getNumberFromEnv('OTEL_BSP_EXPORT_TIMEOUT'),
    maxExportBatchSize: getNumberFromEnv('OTEL_BSP_MAX_EXPORT_BATCH_SIZE'),
  });
  return {
    processor: new BoundedBatchProcessor(batch, maxQueueSize, counts, outstanding),
    counts,
  };
}
