/**
 * The time services read. Production uses the system clock; tests move it forward to expire codes,
 * links and rate-limit windows without waiting.
 */
export class Clock {
  private offsetMs = 0;

  now(): Date {
    return new Date(Date.now() + this.offsetMs);
  }

  nowMs(): number {
    return Date.now() + this.offsetMs;
  }

  /** Moves this clock forward (tests). */
  advance(ms: number): void {
    this.offsetMs += ms;
  }
}
