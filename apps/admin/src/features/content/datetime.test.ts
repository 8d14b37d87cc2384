import { describe, expect, it } from 'vitest';
import { isoToLocalInput, localInputToIso } from './datetime';

describe('date-time fields', () => {
  it('show an instant in this device’s clock and give the same instant back', () => {
    const iso = '2026-11-24T12:30:00.000Z';
    const local = isoToLocalInput(iso);
    expect(local).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/);
    expect(localInputToIso(local)).toBe(iso);
    expect(new Date(localInputToIso('2026-12-01T09:15') ?? '').getHours()).toBe(9);
  });

  it('hold an empty field as none, and leave text that is no date for the schema to refuse', () => {
    expect(isoToLocalInput(null)).toBe('');
    expect(isoToLocalInput('not a date')).toBe('');
    expect(localInputToIso('')).toBeNull();
    expect(localInputToIso('  ')).toBeNull();
    expect(localInputToIso('tomorrow-ish')).toBe('tomorrow-ish');
  });
});
