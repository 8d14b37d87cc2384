import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from '../../lib/clock.js';

/** After a failed send, codes are refused at once for this long before the gateway is tried again. */
export const SMS_RETRY_AFTER_MS = 30_000;

/**
 * What the shop knows of its SMS gateway: failing since its last failed send, until a send
 * succeeds. While failing, a code is not even tried for SMS_RETRY_AFTER_MS after the last failure
 * (the shopper is told at once); after that one request tries again. Per process: it is an
 * observation of the gateway, not a limit, so processes need not agree.
 */
export class SmsHealth {
  private failingSince: number | null = null;
  private lastFailureAt = 0;

  constructor(
    private readonly clock: Clock,
    private readonly log: FastifyBaseLogger,
  ) {}

  get state(): 'ok' | 'failing' {
    return this.failingSince === null ? 'ok' : 'failing';
  }

  /** True while a fresh failure says a send would fail too. */
  shouldRefuse(): boolean {
    return this.failingSince !== null && this.clock.nowMs() - this.lastFailureAt < SMS_RETRY_AFTER_MS;
  }

  succeeded() {
    if (this.failingSince === null) return;
    this.log.info({ failingForMs: this.clock.nowMs() - this.failingSince }, 'SMS gateway recovered');
    this.failingSince = null;
  }

  failed(err: string) {
    const now = this.clock.nowMs();
    if (this.failingSince === null) {
      this.failingSince = now;
      this.log.error({ err }, 'SMS gateway failing: codes are refused until it answers again');
    }
    this.lastFailureAt = now;
  }
}
