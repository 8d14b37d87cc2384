import nodemailer, { type Transporter } from 'nodemailer';
import { EnvError, type Env } from '../../config/env.js';

export type SendResult = { providerMessageId: string | null };

export interface SmsProvider {
  readonly name: string;
  /** `to` is a canonical +8801XXXXXXXXX number. Throws when the gateway refuses. */
  send(to: string, text: string): Promise<SendResult>;
}

export type EmailMessage = { to: string; subject: string; text: string; html?: string | null };

export interface EmailProvider {
  readonly name: string;
  send(message: EmailMessage): Promise<SendResult>;
  close?(): void;
}

/** Development and tests: the outbox row is the delivery; /dev/outbox shows it. */
export const outboxSms: SmsProvider = { name: 'outbox', send: async () => ({ providerMessageId: null }) };
export const outboxEmail: EmailProvider = { name: 'outbox', send: async () => ({ providerMessageId: null }) };

type BulkSmsBdAnswer = { response_code?: number | string; message_id?: number | string; success_message?: string; error_message?: string };

/**
 * BulkSMSBD's single-SMS API: POST api_key, type=text, number (880…), senderid and message as a form
 * to /api/smsapi; it answers JSON with response_code 202 when the SMS is submitted, 10xx otherwise.
 */
export class BulkSmsBdProvider implements SmsProvider {
  readonly name = 'bulksmsbd';
  constructor(
    private readonly config: { url: string; apiKey: string; senderId: string; timeoutMs?: number },
    private readonly fetchImpl: typeof fetch = fetch,
  ) {}

  async send(to: string, text: string): Promise<SendResult> {
    const form = new URLSearchParams({
      api_key: this.config.apiKey,
      type: 'text',
      number: to.replace(/^\+/, ''),
      senderid: this.config.senderId,
      message: text,
    });
    const res = await this.fetchImpl(this.config.url, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
      body: form,
      signal: AbortSignal.timeout(this.config.timeoutMs ?? 10_000),
    });
    const raw = await res.text();
    let answer: BulkSmsBdAnswer;
    try {
      answer = JSON.parse(raw) as BulkSmsBdAnswer;
    } catch {
      throw new Error(`SMS gateway answered HTTP ${res.status} with a body that is not JSON`);
    }
    if (!res.ok || Number(answer.response_code) !== 202) {
      throw new Error(
        `SMS gateway refused: ${answer.response_code ?? res.status} ${answer.error_message || answer.success_message || ''}`.trim(),
      );
    }
    return { providerMessageId: answer.message_id !== undefined ? String(answer.message_id) : null };
  }
}

export class SmtpEmailProvider implements EmailProvider {
  readonly name = 'smtp';
  private readonly transport: Transporter;
  constructor(
    url: string,
    private readonly from: string,
  ) {
    this.transport = nodemailer.createTransport(url);
  }

  async send(message: EmailMessage): Promise<SendResult> {
    const info = (await this.transport.sendMail({
      from: this.from,
      to: message.to,
      subject: message.subject,
      text: message.text,
      ...(message.html ? { html: message.html } : {}),
    })) as { messageId?: string };
    return { providerMessageId: info.messageId ?? null };
  }

  close() {
    this.transport.close();
  }
}

export function smsProviderFromEnv(env: Env): SmsProvider {
  if (env.SMS_PROVIDER === 'outbox') return outboxSms;
  const problems: string[] = [];
  if (!env.SMS_API_KEY) problems.push('SMS_API_KEY: required when SMS_PROVIDER is http');
  if (!env.SMS_SENDER_ID) problems.push('SMS_SENDER_ID: required when SMS_PROVIDER is http');
  if (problems.length || !env.SMS_API_KEY || !env.SMS_SENDER_ID) throw new EnvError(problems);
  return new BulkSmsBdProvider({ url: env.SMS_API_URL, apiKey: env.SMS_API_KEY, senderId: env.SMS_SENDER_ID });
}

export function emailProviderFromEnv(env: Env): EmailProvider {
  return env.SMTP_URL ? new SmtpEmailProvider(env.SMTP_URL, env.MAIL_FROM) : outboxEmail;
}
