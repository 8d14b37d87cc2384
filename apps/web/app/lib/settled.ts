/**
 * Marks a promise with the fields React's `use` (and Preact's) reads — `status`, `value`, `reason` —
 * as it settles, so `use` returns a settled promise's value at once instead of suspending for a turn.
 * Returns the same promise.
 */
export function trackSettlement<T>(promise: Promise<T>): Promise<T> {
  Object.assign(promise, { status: 'pending' });
  promise.then(
    (value) => Object.assign(promise, { status: 'fulfilled', value }),
    (reason: unknown) => Object.assign(promise, { status: 'rejected', reason }),
  );
  return promise;
}
