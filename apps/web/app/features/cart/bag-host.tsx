import { Suspense, lazy, useEffect, useRef, useState } from 'react';
import { useLocation } from 'react-router';
import { closeBag } from './bag-store';
import { useBagState } from './use-bag';

/** The panel's code: fetched on the first open (or when the pointer nears the bag icon), then at hand. */
export const loadBagPanel = () => import('./bag-panel');
const BagPanel = lazy(loadBagPanel);

/** Starts fetching the panel's code ahead of a likely open (hover or focus on the bag icon). */
export function preloadBag() {
  void loadBagPanel();
}

/**
 * Rendered once in the site shell. Mounts the panel when openBag() is first called anywhere (the
 * panel's dialog then shows and hides itself, slide-out included), and closes it when the page
 * changes underneath (back button).
 */
export function BagHost({ supportPhone }: { supportPhone: string }) {
  const { open } = useBagState();
  const [wanted, setWanted] = useState(false);
  const { key } = useLocation();
  const openedAt = useRef<string | null>(null);

  useEffect(() => {
    if (!open) {
      openedAt.current = null;
      return;
    }
    setWanted(true);
    openedAt.current ??= key;
    if (openedAt.current !== key) closeBag();
  }, [open, key]);

  if (!wanted) return null;
  return (
    <Suspense fallback={null}>
      <BagPanel open={open} supportPhone={supportPhone} />
    </Suspense>
  );
}
