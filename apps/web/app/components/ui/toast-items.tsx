import { dismissToast, type Toast } from '../../lib/toast';

const STYLE: Record<Toast['kind'], string> = {
  success: 'bg-emerald-700 text-white',
  info: 'bg-ink text-white',
  warning: 'bg-amber-100 text-amber-950 ring-1 ring-amber-300',
  error: 'bg-red-700 text-white',
};

function Item({ t }: { t: Toast }) {
  return (
    <div
      role={t.kind === 'error' ? 'alert' : 'status'}
      data-toast={t.kind}
      className={`pointer-events-auto flex items-start gap-3 px-4 py-3 text-sm font-medium shadow-lg lg:rounded-md ${STYLE[t.kind]}`}
    >
      <span className="flex-1">{t.message}</span>
      <button
        type="button"
        aria-label="Dismiss"
        className="-my-1 px-1 text-lg leading-none opacity-80 hover:opacity-100"
        onClick={() => dismissToast(t.id)}
      >
        ×
      </button>
    </div>
  );
}

/** The toasts of one live region; errors and warnings come in a rounded frame. */
export default function ToastItems({ items, framed = false }: { items: readonly Toast[]; framed?: boolean }) {
  return items.map((t) =>
    framed ? (
      <div key={t.id} className="overflow-hidden rounded-md">
        <Item t={t} />
      </div>
    ) : (
      <Item key={t.id} t={t} />
    ),
  );
}
