import type { Flash } from '../../lib/form-action.server';

/**
 * What a plain HTML form's action said (a form sent before hydration or with JavaScript off):
 * 'Added to your bag', or the API's refusal. Server-rendered at the top of the page it led to, so
 * it needs no script; the toasts say the same when the page's scripts do the work.
 */
export function FlashNotice({ flash }: { flash: Flash | null }) {
  if (!flash) return null;
  const error = flash.kind === 'error';
  return (
    <div className="mx-auto w-full max-w-7xl px-4 pt-3 lg:px-8">
      <p
        role={error ? 'alert' : 'status'}
        data-testid="flash-notice"
        data-kind={flash.kind}
        className={`rounded-xl px-4 py-3 text-sm font-medium wrap-anywhere ${
          error ? 'bg-red-50 text-red-800 ring-1 ring-red-200' : 'bg-emerald-50 text-emerald-900 ring-1 ring-emerald-200'
        }`}
      >
        {flash.message}
      </p>
    </div>
  );
}
