import { describe, expect, it } from 'vitest';
import { backspaceBox, emptyCode, isCodeComplete, pasteCode, typeIntoBox } from './code-entry';

describe('code entry', () => {
  it('accepts digits only and moves focus to the next box', () => {
    expect(typeIntoBox(emptyCode(), 0, 'a')).toEqual({ digits: emptyCode(), focus: 0 });
    const r = typeIntoBox(emptyCode(), 0, '4');
    expect(r.digits).toEqual(['4', '', '', '', '', '']);
    expect(r.focus).toBe(1);
  });

  it('replaces a filled box with the newly typed digit', () => {
    const start = ['1', '2', '', '', '', ''];
    expect(typeIntoBox(start, 1, '29').digits).toEqual(['1', '9', '', '', '', '']);
  });

  it('fills every box from a pasted 6-digit code, ignoring spaces and text', () => {
    const r = pasteCode(emptyCode(), 'Your code: 123 456');
    expect(r.digits).toEqual(['1', '2', '3', '4', '5', '6']);
    expect(r.focus).toBe(5);
    expect(isCodeComplete(r.digits)).toBe(true);
  });

  it('a full code typed into a middle box (autofill) replaces the whole code', () => {
    expect(typeIntoBox(['9', '9', '', '', '', ''], 2, '654321').digits).toEqual(['6', '5', '4', '3', '2', '1']);
  });

  it('keeps at most 6 digits', () => {
    expect(pasteCode(emptyCode(), '12345678').digits.join('')).toBe('123456');
  });

  it('backspace clears the box, then steps back on an empty one', () => {
    const filled = ['1', '2', '3', '', '', ''];
    expect(backspaceBox(filled, 2)).toEqual({ digits: ['1', '2', '', '', '', ''], focus: 2 });
    expect(backspaceBox(['1', '2', '', '', '', ''], 2)).toEqual({ digits: ['1', '', '', '', '', ''], focus: 1 });
    expect(backspaceBox(emptyCode(), 0)).toEqual({ digits: emptyCode(), focus: 0 });
  });

  it('Verify is enabled only at 6 digits', () => {
    expect(isCodeComplete(['1', '2', '3', '4', '5', ''])).toBe(false);
    expect(isCodeComplete(['1', '2', '3', '4', '5', '6'])).toBe(true);
  });
});
