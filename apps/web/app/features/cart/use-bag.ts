import { useSyncExternalStore } from 'react';
import { bagSnapshot, serverBagSnapshot, subscribeBag, viewOf, type BagState } from './bag-store';
import { itemCount, unpricedUnits } from './bag-view';

export function useBagState(): BagState {
  return useSyncExternalStore(subscribeBag, bagSnapshot, serverBagSnapshot);
}

/**
 * The header badge: the sum of the bag's quantities. The root loader's count until this page has
 * fetched the bag, then the live one; queued taps (offline ones too) count at once.
 */
export function useBagCount(serverCount: number): number {
  const state = useBagState();
  const view = viewOf(state);
  return (view ? itemCount(view.line_items) : serverCount) + unpricedUnits(state.cart, state.pending);
}
