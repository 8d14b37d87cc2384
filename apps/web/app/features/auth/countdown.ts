import { useEffect, useState } from 'react';
import { STORAGE_KEYS } from '@store/shared/constants';

/** Remaining time as m:ss (SPEC §9 'Please wait m:ss'); never negative, seconds rounded up so 0:00 means done. */
export function formatMmSs(remainingMs: number): string {
  const total = Math.max(0, Math.ceil(remainingMs / 1000));
  const m = Math.floor(total / 60);
  const s = total % 60;
  return `${m}:${String(s).padStart(2, '0')}`;
}

/** A stored block time (epoch ms) under a browser storage key, or 0 when none or unreadable. */
export function readBlockUntil(key: string): number {
  try {
    const value = Number(localStorage.getItem(key));
    return Number.isFinite(value) ? value : 0;
  } catch {
    return 0;
  }
}

export function writeBlockUntil(key: string, until: number) {
  try {
    localStorage.setItem(key, String(until));
  } catch {
    // Without storage the block still holds for this page through component state.
  }
}

/** Milliseconds left until `until`, ticking every second while positive. */
export function useRemaining(until: number): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    setNow(Date.now());
    if (until <= Date.now()) return;
    const id = window.setInterval(() => {
      const t = Date.now();
      setNow(t);
      if (t >= until) window.clearInterval(id);
    }, 1000);
    return () => window.clearInterval(id);
  }, [until]);
  return Math.max(0, until - now);
}

/**
 * A code was sent: the resend block (SMS_TIMER, as the server counts it) and the code's expiry
 * (OTP_VALIDITY) are stored as absolute times, so reopening the modal keeps the block.
 */
export function storeOtpTimers(timers: { resend_in_seconds: number; expires_in_seconds: number }, now = Date.now()): number {
  const resendUntil = now + timers.resend_in_seconds * 1000;
  writeBlockUntil(STORAGE_KEYS.otpResendBlockUntil, resendUntil);
  writeBlockUntil(STORAGE_KEYS.otpExpiresAt, now + timers.expires_in_seconds * 1000);
  return resendUntil;
}
