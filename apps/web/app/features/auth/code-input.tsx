import { useEffect, useRef } from 'react';
import { OTP_LENGTH } from '@store/shared/constants';
import * as m from '@store/shared/i18n/messages';
import { formatDigits } from '../../lib/format';
import { backspaceBox, pasteCode, typeIntoBox } from './code-entry';

/**
 * Six one-digit boxes (SPEC §2/§5). Digits only; a pasted or SMS-autofilled code fills all boxes;
 * Backspace on an empty box steps back; arrow keys move between boxes.
 */
export function CodeInput({
  digits,
  onChange,
  invalid,
  describedBy,
  autoFocus = true,
  disabled = false,
}: {
  digits: readonly string[];
  onChange: (digits: string[]) => void;
  invalid?: boolean;
  describedBy?: string;
  autoFocus?: boolean;
  disabled?: boolean;
}) {
  const boxes = useRef<(HTMLInputElement | null)[]>([]);
  const focusBox = (i: number) => boxes.current[i]?.focus();

  useEffect(() => {
    if (autoFocus) focusBox(0);
  }, [autoFocus]);

  const apply = (state: { digits: readonly string[]; focus: number }) => {
    onChange([...state.digits]);
    focusBox(state.focus);
  };

  return (
    <div role="group" aria-label={m.auth_code_group()} className="flex justify-between gap-2" aria-describedby={describedBy}>
      {Array.from({ length: OTP_LENGTH }, (_, i) => (
        <input
          key={i}
          ref={(el) => {
            boxes.current[i] = el;
          }}
          value={digits[i] ?? ''}
          inputMode="numeric"
          pattern="[0-9]*"
          autoComplete={i === 0 ? 'one-time-code' : 'off'}
          maxLength={i === 0 ? OTP_LENGTH : 2}
          aria-label={m.auth_code_digit({ n: formatDigits(String(i + 1)), total: formatDigits(String(OTP_LENGTH)) })}
          aria-invalid={invalid || undefined}
          disabled={disabled}
          data-testid="otp-box"
          onFocus={(e) => e.currentTarget.select()}
          onChange={(e) => apply(typeIntoBox(digits, i, e.currentTarget.value))}
          onPaste={(e) => {
            e.preventDefault();
            apply(pasteCode(digits, e.clipboardData.getData('text')));
          }}
          onKeyDown={(e) => {
            if (e.key === 'Backspace') {
              e.preventDefault();
              apply(backspaceBox(digits, i));
            } else if (e.key === 'ArrowLeft' && i > 0) {
              e.preventDefault();
              focusBox(i - 1);
            } else if (e.key === 'ArrowRight' && i < OTP_LENGTH - 1) {
              e.preventDefault();
              focusBox(i + 1);
            }
          }}
          className={`h-14 w-full min-w-0 rounded-lg border text-center text-2xl font-semibold tabular-nums outline-none transition focus:border-brand focus:ring-2 focus:ring-brand/30 disabled:bg-neutral-50 ${
            invalid ? 'border-red-600' : 'border-neutral-300'
          }`}
        />
      ))}
    </div>
  );
}
