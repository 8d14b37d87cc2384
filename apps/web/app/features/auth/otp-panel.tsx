import { useId, useState, type FormEvent, type ReactNode } from 'react';
import type { OtpTimers } from '@store/shared/auth';
import { STORAGE_KEYS } from '@store/shared/constants';
import * as m from '@store/shared/i18n/messages';
import { formatCount, formatDigits } from '../../lib/format';
import { toast } from '../../lib/toast';
import { codeValue, emptyCode, isCodeComplete } from './code-entry';
import { CodeInput } from './code-input';
import { formatMmSs, readBlockUntil, storeOtpTimers, useRemaining } from './countdown';
import { FieldError, PrimaryButton } from './form-controls';
import { withElements } from '../../lib/rich-message';

/** SMS_TIMER's default (docs/business-constants.md), for the help text when no send timers are at hand. */
const DEFAULT_RESEND_SECONDS = 120;

/**
 * The OTP verification panel (SPEC §2): six boxes, Verify enabled at six digits, 'Resent OTP'
 * disabled during the resend block with its countdown. Used for the login code, the code after a
 * password login on an unverified phone, and the code that finishes a registration.
 */
export function OtpPanel({
  heading,
  destination,
  channel,
  onVerify,
  onResend,
  onBack,
  timers,
  verifyLabel = m.auth_verify(),
  children,
}: {
  heading: string;
  destination: string;
  channel: 'sms' | 'email';
  /** Resolves to an error message to show under the boxes, or null when the code was accepted. */
  onVerify: (code: string) => Promise<string | null>;
  /** Asks for a new code; resolves to the new timers, or null when refused (the caller says why). */
  onResend: () => Promise<OtpTimers | null>;
  onBack?: () => void;
  /** The timers of the send that opened the panel; without them the stored block applies. */
  timers?: OtpTimers | null;
  verifyLabel?: string;
  /** Fields sent with the code (the password reset's new password), between the boxes and the button. */
  children?: ReactNode;
}) {
  const [digits, setDigits] = useState<string[]>(emptyCode);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [resending, setResending] = useState(false);
  const [resendUntil, setResendUntil] = useState(() =>
    timers ? storeOtpTimers(timers) : readBlockUntil(STORAGE_KEYS.otpResendBlockUntil),
  );
  const [resendSeconds, setResendSeconds] = useState(timers?.resend_in_seconds ?? DEFAULT_RESEND_SECONDS);
  const remaining = useRemaining(resendUntil);
  const blockMinutes = Math.max(1, Math.round(resendSeconds / 60));
  const errorId = useId();
  const helpId = useId();

  async function submit(e: FormEvent) {
    e.preventDefault();
    if (!isCodeComplete(digits) || busy) return;
    setBusy(true);
    setError(null);
    try {
      const message = await onVerify(codeValue(digits));
      if (message) {
        setError(message);
        toast.error(message);
      }
    } finally {
      setBusy(false);
    }
  }

  async function resend() {
    setResending(true);
    try {
      const next = await onResend();
      if (next) {
        setResendUntil(storeOtpTimers(next));
        setResendSeconds(next.resend_in_seconds);
        setDigits(emptyCode());
        setError(null);
      }
    } finally {
      setResending(false);
    }
  }

  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-5" data-testid="otp-panel">
      <div>
        <h3 className="text-lg font-semibold text-ink">{heading}</h3>
        <p className="mt-1 text-sm text-muted">
          {withElements(channel === 'sms' ? m.auth_code_sent_sms : m.auth_code_sent_email, {
            destination: <span className="font-medium text-ink">{destination}</span>,
          })}
        </p>
      </div>
      <div>
        <CodeInput
          digits={digits}
          onChange={(d) => (setDigits(d), setError(null))}
          invalid={Boolean(error)}
          describedBy={error ? `${errorId} ${helpId}` : helpId}
        />
        {error && <FieldError id={errorId}>{error}</FieldError>}
      </div>
      {children}
      <PrimaryButton busy={busy} disabled={!isCodeComplete(digits)}>
        {verifyLabel}
      </PrimaryButton>
      <div className="flex flex-col items-center gap-1.5 text-center">
        <p id={helpId} className="text-sm text-muted">
          {(blockMinutes === 1 ? m.auth_resend_after_one : m.auth_resend_after_other)({ minutes: formatCount(blockMinutes) })}
        </p>
        <button
          type="button"
          onClick={resend}
          disabled={remaining > 0 || resending}
          className="rounded-md px-3 py-1.5 text-sm font-semibold text-brand underline-offset-4 hover:underline focus-visible:outline-2 focus-visible:outline-brand disabled:cursor-not-allowed disabled:text-neutral-400 disabled:no-underline"
        >
          {m.auth_resend()}
          {remaining > 0 && (
            <span className="ml-1 font-normal tabular-nums" data-testid="resend-countdown">
              ({formatDigits(formatMmSs(remaining))})
            </span>
          )}
        </button>
        {onBack && (
          <button type="button" onClick={onBack} className="text-sm text-muted underline-offset-4 hover:text-ink hover:underline">
            {m.auth_use_other_contact()}
          </button>
        )}
      </div>
    </form>
  );
}
