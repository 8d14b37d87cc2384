import { setImmediate as nextTurn } from 'node:timers/promises';

/**
 * For a long computation on the one event loop (a 20,000-row CSV checked row by row): call the
 * returned function once per step, and every `every` steps it waits a turn, so the storefront's
 * requests are answered in between rather than after the whole file.
 */
export function takeTurns(every: number): () => Promise<void> {
  let steps = 0;
  return async () => {
    steps += 1;
    if (steps % every === 0) await nextTurn();
  };
}
