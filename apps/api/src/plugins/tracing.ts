import { context, SpanKind, SpanStatusCode, trace, type Span, type TextMapGetter } from '@opentelemetry/api';
import { AsyncLocalStorageContextManager } from '@opentelemetry/context-async-hooks';
import { W3CTraceContextPropagator } from '@opentelemetry/core';
import { OTLPTraceExporter } from '@opentelemetry/exporter-trace-otlp-http';
import { resourceFromAttributes } from '@opentelemetry/resources';
import { BatchSpanProcessor, TracerProvider } from '@opentelemetry/sdk-trace';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { traceQueries } from '../lib/query-tracing.js';

/*
 * OpenTelemetry traces (issue 19), only when an OTLP endpoint is configured
 * (OTEL_EXPORTER_OTLP_TRACES_ENDPOINT, or OTEL_EXPORTER_OTLP_ENDPOINT + /v1/traces, as the
 * OpenTelemetry convention has it): one server span per request, named by its route pattern,
 * joining the caller's trace when the balancer or a client sends `traceparent` (W3C), with the
 * request id, the status and the time taken, and under it a client span per PostgreSQL statement
 * (lib/query-tracing.ts). Spans are batched and sent over OTLP/HTTP; the provider is this app's own
 * and is flushed when the app closes. The request's span is carried to its statements by
 * OpenTelemetry's AsyncLocalStorage context manager, registered as the process's while tracing is on.
 */

export type TracingEnv = {
  OTEL_EXPORTER_OTLP_ENDPOINT?: string | undefined;
  OTEL_EXPORTER_OTLP_TRACES_ENDPOINT?: string | undefined;
  OTEL_SERVICE_NAME: string;
};

const headerGetter: TextMapGetter<FastifyRequest['headers']> = {
  keys: (headers) => Object.keys(headers),
  get: (headers, key) => headers[key],
};

declare module 'fastify' {
  interface FastifyRequest {
    /** The request's server span, when tracing is on. */
    span?: Span;
  }
}

/** Where spans go, or null when tracing is off. */
export function tracesEndpoint(env: TracingEnv): string | null {
  if (env.OTEL_EXPORTER_OTLP_TRACES_ENDPOINT) return env.OTEL_EXPORTER_OTLP_TRACES_ENDPOINT;
  if (env.OTEL_EXPORTER_OTLP_ENDPOINT) return `${env.OTEL_EXPORTER_OTLP_ENDPOINT.replace(/\/$/, '')}/v1/traces`;
  return null;
}

/** Traces every request of `app` when an endpoint is configured; returns the provider (for a flush), or null. */
export function registerTracing(app: FastifyInstance, env: TracingEnv): TracerProvider | null {
  const url = tracesEndpoint(env);
  if (!url) return null;
  const provider = new TracerProvider({
    resource: resourceFromAttributes({ 'service.name': env.OTEL_SERVICE_NAME }),
    spanProcessors: [new BatchSpanProcessor({ exporter: new OTLPTraceExporter({ url }) })],
  });
  const tracer = provider.getTracer('glowbazaar-store');
  const propagator = new W3CTraceContextPropagator();
  const contextManager = new AsyncLocalStorageContextManager().enable();
  context.setGlobalContextManager(contextManager);
  traceQueries(tracer);

  // Callback style: the rest of the request (its hooks, its handler, their statements) runs inside the span's context.
  app.addHook('onRequest', (request, _reply, done) => {
    const parent = propagator.extract(context.active(), request.headers, headerGetter);
    const span = tracer.startSpan(
      `${request.method} ${request.routeOptions.url ?? 'unmatched'}`,
      {
        kind: SpanKind.SERVER,
        attributes: {
          'http.request.method': request.method,
          'http.route': request.routeOptions.url ?? 'unmatched',
          'url.path': request.url.split('?')[0] ?? request.url,
          'request.id': request.id,
        },
      },
      parent,
    );
    request.span = span;
    context.with(trace.setSpan(parent, span), done);
  });
  app.addHook('onResponse', async (request, reply) => {
    const span = request.span;
    if (!span) return;
    span.setAttribute('http.response.status_code', reply.statusCode);
    if (reply.statusCode >= 500) span.setStatus({ code: SpanStatusCode.ERROR });
    span.end();
  });
  app.addHook('onError', async (request, _reply, error) => {
    request.span?.recordException(error);
  });
  app.addHook('onClose', async () => {
    traceQueries(null);
    context.disable();
    await provider.shutdown().catch((err: unknown) => app.log.warn({ err }, 'traces not flushed on close'));
  });
  return provider;
}
