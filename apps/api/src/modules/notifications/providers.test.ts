import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseEnv } from '../../config/env.js';
import { BulkSmsBdProvider, emailProviderFromEnv, smsProviderFromEnv } from './providers.js';

/** A stand-in for BulkSMSBD's /api/smsapi that follows its documented contract: form fields in, JSON with response_code out. */
describe('BulkSMSBD HTTP client', () => {
  let server: Server;
  let url: string;
  const received: URLSearchParams[] = [];
  const read = (req: IncomingMessage) =>
    new Promise<string>((resolve) => {
      let body = '';
      req.on('data', (c: Buffer) => (body += c.toString()));
      req.on('end', () => resolve(body));
    });

  beforeAll(async () => {
    server = createServer(async (req, res) => {
      const form = new URLSearchParams(await read(req));
      received.push(form);
      res.setHeader('content-type', 'application/json');
      if (form.get('api_key') !== 'key-123') return res.end(JSON.stringify({ response_code: 1011, error_message: 'User Id not found' }));
      if (form.get('number') === '8801700000000')
        return res.end(JSON.stringify({ response_code: 1007, error_message: 'Balance Insufficient' }));
      if (form.get('number') === '8801800000000') {
        res.statusCode = 502;
        return res.end('<html>bad gateway</html>');
      }
      res.end(JSON.stringify({ response_code: 202, message_id: 9911, success_message: 'SMS Submitted Successfully', error_message: '' }));
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/smsapi`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it('posts the documented form and returns the message id on 202', async () => {
    const sms = new BulkSmsBdProvider({ url, apiKey: 'key-123', senderId: '8809617000000' });
    expect(await sms.send('+8801711000000', 'Your code is 123456 & more')).toEqual({ providerMessageId: '9911' });
    const form = received.at(-1)!;
    expect(Object.fromEntries(form)).toEqual({
      api_key: 'key-123',
      type: 'text',
      number: '8801711000000',
      senderid: '8809617000000',
      message: 'Your code is 123456 & more',
    });
  });

  it('throws on a refusal code, a wrong key, and a body that is not JSON', async () => {
    const sms = new BulkSmsBdProvider({ url, apiKey: 'key-123', senderId: 'S' });
    await expect(sms.send('+8801700000000', 'x')).rejects.toThrow('SMS gateway refused: 1007 Balance Insufficient');
    await expect(sms.send('+8801800000000', 'x')).rejects.toThrow('HTTP 502');
    await expect(new BulkSmsBdProvider({ url, apiKey: 'wrong', senderId: 'S' }).send('+8801711000000', 'x')).rejects.toThrow('1011');
  });

  it('is chosen by SMS_PROVIDER=http, which needs the key and the sender id', () => {
    expect(() => smsProviderFromEnv(parseEnv({ SMS_PROVIDER: 'http' }))).toThrow(/SMS_API_KEY: required[\s\S]*SMS_SENDER_ID: required/);
    expect(smsProviderFromEnv(parseEnv({ SMS_PROVIDER: 'http', SMS_API_KEY: 'k', SMS_SENDER_ID: 's' })).name).toBe('bulksmsbd');
    expect(smsProviderFromEnv(parseEnv({})).name).toBe('outbox');
    expect(emailProviderFromEnv(parseEnv({})).name).toBe('outbox');
    expect(() => parseEnv({ SMTP_URL: 'http://mail' })).toThrow(/SMTP_URL/);
  });
});
