import { describe, expect, it } from 'vitest';
import { takeTurns } from './take-turns.js';

describe('sharing the event loop with shoppers', () => {
  it('takeTurns(n) gives the event loop a turn every n steps', async () => {
    const turn = takeTurns(3);
    const order: string[] = [];
    setImmediate(() => order.push('other request'));
    for (let step = 1; step <= 3; step++) {
      await turn();
      order.push(`step ${step}`);
    }
    expect(order).toEqual(['step 1', 'step 2', 'other request', 'step 3']);
  });
});
