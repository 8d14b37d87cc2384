import { useSyncExternalStore } from 'react';
import { bagSnapshot, serverBagSnapshot, subscribeBag, viewOf, type BagState } from './bag-store';
import { itemCount } from './bag-view';

export function useBagState(): BagState {
  return useSyncExternalStore(subscribeBag, bagSnapshot, serverBagSnapshot);
}

/**
 * The header badge: the sum of the bag's quantities. The root loader's count until this page has
 * fetched the bag, then the live one (queued taps included).
 */
export function useBagCount(serverCount: number): number {
  const state = useBagState();
  const view = viewOf(state);
  return view ? itemCount(view.line_items) : serverCount;
}
