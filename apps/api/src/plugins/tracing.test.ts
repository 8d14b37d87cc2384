import { createServer, type IncomingMessage } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../../test/support/app.js';
import { tracesEndpoint } from './tracing.js';

/* Issue 19: OpenTelemetry traces over OTLP/HTTP when an endpoint is configured; nothing when not. */

type Received = { path: string; body: string };
const received: Received[] = [];
const collector = createServer((req: IncomingMessage, res) => {
  let body = '';
  req.on('data', (c: Buffer) => (body += c.toString()));
  req.on('end', () => {
    received.push({ path: req.url ?? '', body });
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end('{}');
  });
});
let base = '';
beforeAll(async () => {
  await new Promise<void>((r) => collector.listen(0, '127.0.0.1', r));
  base = `http://127.0.0.1:${(collector.address() as { port: number }).port}`;
});
afterAll(() => new Promise<void>((r) => collector.close(() => r())));

describe('traces', () => {
  it('are off without an endpoint; the traces URL follows the OpenTelemetry convention', () => {
    expect(tracesEndpoint({ OTEL_SERVICE_NAME: 's' })).toBeNull();
    expect(tracesEndpoint({ OTEL_SERVICE_NAME: 's', OTEL_EXPORTER_OTLP_ENDPOINT: 'http://otel:4318/' })).toBe('http://otel:4318/v1/traces');
    expect(
      tracesEndpoint({ OTEL_SERVICE_NAME: 's', OTEL_EXPORTER_OTLP_ENDPOINT: 'http://a', OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: 'http://b/t' }),
    ).toBe('http://b/t');
  });

  it('sends a server span per request, named by its route, in the caller’s trace, with the status and request id', async () => {
    const t = await createTestApp('pglite', { env: { OTEL_EXPORTER_OTLP_ENDPOINT: base, OTEL_SERVICE_NAME: 'shop-under-test' } });
    const traceId = '4bf92f3577b34da6a3ce929d0e0e4736';
    await t.app.inject({
      url: '/api/v1/products/no-such/product/',
      headers: { traceparent: `00-${traceId}-00f067aa0ba902b7-01`, 'x-request-id': 'trace-test-1' },
    });
    // Closing the app flushes the batch.
    await t.close();
    const sent = received
      .filter((r) => r.path === '/v1/traces')
      .map((r) => r.body)
      .join('\n');
    expect(sent).toContain('shop-under-test');
    expect(sent).toContain('GET /api/v1/products/:brand/:handle/');
    expect(sent).toContain('trace-test-1');
    expect(sent).toContain('"http.response.status_code"');
    // The span joins the trace the caller started (ids are hex in OTLP/JSON).
    expect(sent.toLowerCase()).toContain(traceId);
  });
});

type OtlpSpan = {
  name: string;
  spanId: string;
  parentSpanId?: string;
  kind: number;
  attributes: { key: string; value: { stringValue?: string } }[];
};

describe.runIf(process.env.TEST_DATABASE_URL)('database spans', () => {
  it("puts a client span per PostgreSQL statement under the request's span, with its text and never its values", async () => {
    received.length = 0;
    const t = await createTestApp('postgres', { env: { OTEL_EXPORTER_OTLP_ENDPOINT: base, OTEL_SERVICE_NAME: 'shop-db-spans' } });
    await t.app.inject({ url: '/api/v1/products/?page_size=3&search=secret-term-x' });
    await t.close();
    const spans = received
      .filter((r) => r.path === '/v1/traces')
      .flatMap((r) =>
        (JSON.parse(r.body) as { resourceSpans: { scopeSpans: { spans: OtlpSpan[] }[] }[] }).resourceSpans.flatMap((rs) =>
          rs.scopeSpans.flatMap((ss) => ss.spans),
        ),
      );
    const request = spans.find((s) => s.name === 'GET /api/v1/products/');
    expect(request).toBeDefined();
    const statements = spans.filter((s) => s.parentSpanId === request!.spanId);
    expect(statements.length).toBeGreaterThan(0);
    expect(statements.every((s) => s.kind === 3)).toBe(true); // CLIENT
    expect(statements.map((s) => s.name)).toContain('SELECT');
    const texts = statements.map((s) => s.attributes.find((a) => a.key === 'db.query.text')?.value.stringValue ?? '');
    // The search's own statement, the term only as $2.
    expect(texts.some((text) => /from search_words where word = \$2/.test(text))).toBe(true);
    // The shopper's term went to the database as a parameter: no span carries it.
    expect(JSON.stringify(statements)).not.toContain('secret-term-x');
  });
});
