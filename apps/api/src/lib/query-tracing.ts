import { context, SpanKind, SpanStatusCode, type Span, type Tracer } from '@opentelemetry/api';

/*
 * Database spans in the traces (issue 19 item 7): while tracing is on (plugins/tracing.ts), every
 * statement a PostgreSQL connection of the pool runs becomes a client span under the span that is
 * active (the request's, or a job's), named by its first keyword, with its text (parameters are never
 * recorded: they hold shoppers' data). Off, a statement costs one null check.
 */

let tracer: Tracer | null = null;

/** Turns the statement spans on (a tracer) or off (null). */
export function traceQueries(next: Tracer | null): void {
  tracer = next;
}

/** The statement's verb: SELECT, INSERT, WITH, BEGIN… (its span's name). */
const verbOf = (text: string) => /^\s*([A-Za-z]+)/.exec(text)?.[1]?.toUpperCase() ?? 'QUERY';

function start(text: string): Span | null {
  if (!tracer) return null;
  return tracer.startSpan(
    verbOf(text),
    {
      kind: SpanKind.CLIENT,
      attributes: { 'db.system.name': 'postgresql', 'db.operation.name': verbOf(text), 'db.query.text': text.slice(0, 2000) },
    },
    context.active(),
  );
}

function end(span: Span, err: unknown): void {
  if (err) {
    span.recordException(err instanceof Error ? err : new Error(String(err)));
    span.setStatus({ code: SpanStatusCode.ERROR });
  }
  span.end();
}

type QueryFn = (...args: unknown[]) => unknown;

/**
 * Wraps one connection's `query` (the pool calls it with a callback, drizzle without: both are
 * followed). A Submittable (a cursor) is not a statement of its own here and passes untouched.
 */
export function traceConnection(client: { query: QueryFn }): void {
  const query = client.query.bind(client) as QueryFn;
  client.query = (...args: unknown[]) => {
    const first = args[0];
    const text = typeof first === 'string' ? first : (first as { text?: unknown } | null)?.text;
    const span = typeof text === 'string' ? start(text) : null;
    if (!span) return query(...args);
    const last = args.at(-1);
    if (typeof last === 'function') {
      args[args.length - 1] = (err: unknown, result: unknown) => {
        end(span, err);
        (last as (e: unknown, r: unknown) => void)(err, result);
      };
      return query(...args);
    }
    const result = query(...args);
    if (result instanceof Promise)
      return result.then(
        (value: unknown) => {
          end(span, null);
          return value;
        },
        (err: unknown) => {
          end(span, err);
          throw err;
        },
      );
    end(span, null);
    return result;
  };
}
