import { OTP_LENGTH } from '@store/shared/constants';

/**
 * The 6-box code entry's rules, kept pure so they are tested without a browser: digits only, one
 * per box, a pasted (or autofilled) code spreads across the boxes, backspace on an empty box steps
 * back. Each returns the new digits and the box that should have focus next.
 */
export type CodeState = { digits: readonly string[]; focus: number };

export const emptyCode = (): string[] => Array.from({ length: OTP_LENGTH }, () => '');

/** Typing (or autofill, or paste) into box `index`: a value longer than one digit fills onward. */
export function typeIntoBox(digits: readonly string[], index: number, raw: string): CodeState {
  const incoming = raw.replace(/\D/g, '');
  if (!incoming) return { digits, focus: index };
  // A full code typed or pasted into any box replaces the whole code (SMS autofill lands in box 0 or wherever focus is).
  if (incoming.length >= OTP_LENGTH) return pasteCode(digits, incoming);
  // The box already held a digit and the browser appended the new one: keep the newest.
  const chars = digits[index] && incoming.length === 2 && incoming.startsWith(digits[index]) ? incoming.slice(1) : incoming;
  const next = [...digits];
  let i = index;
  for (const ch of chars) {
    if (i >= OTP_LENGTH) break;
    next[i] = ch;
    i += 1;
  }
  return { digits: next, focus: Math.min(i, OTP_LENGTH - 1) };
}

/** A pasted text: its first six digits fill the boxes from the start; anything non-numeric is ignored. */
export function pasteCode(digits: readonly string[], text: string): CodeState {
  const incoming = text.replace(/\D/g, '').slice(0, OTP_LENGTH);
  if (!incoming)
    return {
      digits,
      focus: Math.max(
        0,
        digits.findIndex((d) => !d),
      ),
    };
  const next = emptyCode();
  for (let i = 0; i < incoming.length; i += 1) next[i] = incoming[i] ?? '';
  return { digits: next, focus: Math.min(incoming.length, OTP_LENGTH - 1) };
}

/** Backspace: clears the box, or when it is already empty clears the previous one and moves there. */
export function backspaceBox(digits: readonly string[], index: number): CodeState {
  const next = [...digits];
  if (next[index]) {
    next[index] = '';
    return { digits: next, focus: index };
  }
  const prev = Math.max(0, index - 1);
  next[prev] = '';
  return { digits: next, focus: prev };
}

export const codeValue = (digits: readonly string[]) => digits.join('');

/** Verify is enabled only with all six digits (SPEC §5). */
export const isCodeComplete = (digits: readonly string[]) => /^\d+$/.test(codeValue(digits)) && codeValue(digits).length === OTP_LENGTH;
