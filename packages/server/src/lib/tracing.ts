// OpenTelemetry traces (docs/architecture.md#observability): off unless
// OTEL_EXPORTER_OTLP_ENDPOINT names an OTLP/HTTP receiver. Then every request is a span (named by
// its route pattern) and every job attempt a span with one child per stage. Without it the
// global tracer is OpenTelemetry's no-op one, so the spans below cost next to nothing.
import { SpanKind, SpanStatusCode, trace, type Span } from '@opentelemetry/api';
import { OTLPTraceExporter } from '@opentelemetry/exporter-trace-otlp-http';
import { resourceFromAttributes } from '@opentelemetry/resources';
import { BatchSpanProcessor, NodeTracerProvider } from '@opentelemetry/sdk-trace-node';
import type { ObservabilityConfig } from '../config.ts';
import { readVersion } from './version.ts';

export interface Tracing {
  /** Sends the spans still buffered. */
  flush(): Promise<void>;
  shutdown(): Promise<void>;
}

let provider: NodeTracerProvider | undefined;

/** Starts exporting spans when an endpoint is configured; once per process. */
export function startTracing(config: ObservabilityConfig): Tracing | undefined {
  if (!config.otlpEndpoint) return undefined;
  if (!provider) {
    const exporter = new OTLPTraceExporter({
      url: `${config.otlpEndpoint.replace(/\/+$/, '')}/v1/traces`,
    });
    provider = new NodeTracerProvider({
      resource: resourceFromAttributes({
        'service.name': config.serviceName,
        'service.version': readVersion(),
      }),
      spanProcessors: [new BatchSpanProcessor(exporter, { scheduledDelayMillis: 1_000 })],
    });
    provider.register();
  }
  const active = provider;
  return { flush: () => active.forceFlush(), shutdown: () => active.shutdown() };
}

export const tracer = () => trace.getTracer('protokoll');

/** Runs `work` in a span of its own, ended (and marked failed when it throws) when it settles. */
export function inSpan<T>(
  name: string,
  attributes: Record<string, string | number>,
  work: (span: Span) => Promise<T>,
  kind: SpanKind = SpanKind.INTERNAL,
): Promise<T> {
  return tracer().startActiveSpan(name, { kind, attributes }, async (span) => {
    try {
      return await work(span);
    } catch (error) {
      span.recordException(error instanceof Error ? error : String(error));
      span.setStatus({ code: SpanStatusCode.ERROR });
      throw error;
    } finally {
      span.end();
    }
  });
}

export { SpanKind, SpanStatusCode };
