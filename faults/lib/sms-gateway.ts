import { SHOP_NAME } from '@store/shared/constants';
import { createServer, type Server, type ServerResponse } from 'node:http';

/**
 * A stand-in for the BulkSMSBD HTTP API (SMS_PROVIDER=http): 'ok' answers response_code 202 as the
 * gateway does for a submitted SMS, 'failing' answers HTTP 500, and close() leaves the port refusing
 * connections.
 */
export class SmsGateway {
  mode: 'ok' | 'failing' = 'ok';
  readonly calls = { ok: 0, failing: 0 };
  /** Every message delivered (answered 202), by recipient and text (`8801…\ntext`): two shoppers may get the same words, a code's say. */
  readonly delivered = new Map<string, number>();
  private server: Server | null = null;
  port = 0;

  async start(): Promise<void> {
    this.server = createServer((request, response) => {
      const chunks: Buffer[] = [];
      request.on('data', (c: Buffer) => chunks.push(c));
      request.on('end', () => this.answer(Buffer.concat(chunks).toString(), response));
    });
    await new Promise<void>((resolve) => this.server!.listen(0, '127.0.0.1', resolve));
    this.port = (this.server.address() as { port: number }).port;
  }

  private answer(body: string, response: ServerResponse) {
    this.calls[this.mode]++;
    if (this.mode === 'ok') {
      const form = new URLSearchParams(body);
      const key = `${form.get('number') ?? ''}\n${form.get('message') ?? ''}`;
      this.delivered.set(key, (this.delivered.get(key) ?? 0) + 1);
      response.writeHead(200, { 'content-type': 'application/json' });
      response.end(JSON.stringify({ response_code: 202, message_id: this.calls.ok, success_message: 'SMS Submitted Successfully' }));
      return;
    }
    response.writeHead(500, { 'content-type': 'application/json' });
    response.end(JSON.stringify({ response_code: 500, error_message: 'Internal Server Error' }));
  }

  /** Order confirmations the gateway delivered more than once (the shopper got the same SMS twice). */
  confirmationsDeliveredTwice(): number {
    return [...this.delivered].filter(([key, n]) => key.split('\n')[1]!.startsWith(`${SHOP_NAME}: order `) && n > 1).length;
  }

  /** How many times each delivered text arrived. */
  timesDelivered(): number[] {
    return [...this.delivered.values()];
  }

  /** The texts delivered more than once to the same number, as `number: text`. */
  deliveredTwice(): string[] {
    return [...this.delivered].filter(([, n]) => n > 1).map(([key]) => key.replace('\n', ': '));
  }

  get url() {
    return `http://127.0.0.1:${this.port}/api/smsapi`;
  }

  /** Stops listening: the store's calls are refused from now on. */
  async close(): Promise<void> {
    const server = this.server;
    this.server = null;
    if (!server) return;
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  }
}
