import { expect, it } from 'vitest';
import { formatDate } from './dates';

it('formats dates as they fall in Dhaka', () => {
  expect(formatDate('2025-06-01T10:00:00Z')).toBe('1 June 2025');
  expect(formatDate('2025-05-31T19:00:00Z')).toBe('1 June 2025');
  expect(formatDate('not a date')).toBe('');
});
