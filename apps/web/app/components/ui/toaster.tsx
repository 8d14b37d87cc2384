import { Suspense, lazy, useEffect, useState } from 'react';
import { subscribeToasts, type Toast } from '../../lib/toast';

/** How a toast looks loads with the first toast; the live regions are there from the start. */
const ToastItems = lazy(() => import('./toast-items'));

/**
 * Success toasts sit top, full width on phones and top right otherwise; errors and warnings top
 * right (SPEC §8). Rendered once in the root layout.
 */
export function Toaster() {
  const [items, setItems] = useState<readonly Toast[]>([]);
  useEffect(() => subscribeToasts(setItems), []);
  const success = items.filter((t) => t.kind === 'success' || t.kind === 'info');
  const alerts = items.filter((t) => t.kind === 'error' || t.kind === 'warning');
  return (
    <>
      <div
        aria-live="polite"
        className="pointer-events-none fixed inset-x-0 top-0 z-[100] flex flex-col gap-2 lg:inset-x-auto lg:right-4 lg:top-4 lg:w-96"
      >
        {success.length > 0 && (
          <Suspense fallback={null}>
            <ToastItems items={success} />
          </Suspense>
        )}
      </div>
      <div
        aria-live="assertive"
        className="pointer-events-none fixed right-2 top-2 z-[100] flex w-[calc(100%-1rem)] max-w-96 flex-col gap-2 lg:right-4 lg:top-4"
      >
        {alerts.length > 0 && (
          <Suspense fallback={null}>
            <ToastItems items={alerts} framed />
          </Suspense>
        )}
      </div>
    </>
  );
}
