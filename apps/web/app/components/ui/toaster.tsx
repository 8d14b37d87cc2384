import { useEffect, useState } from 'react';
import { dismissToast, subscribeToasts, type Toast } from '../../lib/toast';

const STYLE: Record<Toast['kind'], string> = {
  success: 'bg-emerald-700 text-white',
  info: 'bg-ink text-white',
  warning: 'bg-amber-100 text-amber-950 ring-1 ring-amber-300',
  error: 'bg-red-700 text-white',
};

/**
 * Success toasts sit top, full width on phones and top right otherwise; errors and warnings top
 * right (SPEC §8). Rendered once in the root layout.
 */
export function Toaster() {
  const [items, setItems] = useState<readonly Toast[]>([]);
  useEffect(() => subscribeToasts(setItems), []);
  const success = items.filter((t) => t.kind === 'success' || t.kind === 'info');
  const alerts = items.filter((t) => t.kind === 'error' || t.kind === 'warning');
  const item = (t: Toast) => (
    <div
      key={t.id}
      role={t.kind === 'error' ? 'alert' : 'status'}
      data-toast={t.kind}
      className={`pointer-events-auto flex items-start gap-3 px-4 py-3 text-sm font-medium shadow-lg lg:rounded-md ${STYLE[t.kind]}`}
    >
      <span className="flex-1">{t.message}</span>
      <button type="button" aria-label="Dismiss" className="-my-1 px-1 text-lg leading-none opacity-80 hover:opacity-100" onClick={() => dismissToast(t.id)}>
        ×
      </button>
    </div>
  );
  return (
    <>
      <div aria-live="polite" className="pointer-events-none fixed inset-x-0 top-0 z-[100] flex flex-col gap-2 lg:inset-x-auto lg:right-4 lg:top-4 lg:w-96">
        {success.map(item)}
      </div>
      <div aria-live="assertive" className="pointer-events-none fixed right-2 top-2 z-[100] flex w-[calc(100%-1rem)] max-w-96 flex-col gap-2 lg:right-4 lg:top-4">
        {alerts.map((t) => (
          <div key={t.id} className="overflow-hidden rounded-md">
            {item(t)}
          </div>
        ))}
      </div>
    </>
  );
}
