import { dismissToast, type Toast } from '../../lib/toast';
import * as m from '@store/shared/i18n/messages';

const STYLE: Record<Toast['kind'], string> = {
  success: 'bg-emerald-700 text-white',
  info: 'bg-ink text-white',
  warning: 'bg-amber-100 text-amber-950 ring-1 ring-amber-300',
  error: 'bg-red-700 text-white',
};

function Item({ t, framed, compact }: { t: Toast; framed: boolean; compact: boolean }) {
  return (
    <div
      role={t.kind === 'error' ? 'alert' : 'status'}
      data-toast={t.kind}
      className={`pointer-events-auto flex items-start gap-3 font-medium shadow-lg ${compact ? 'px-3 py-2 text-[13px] leading-snug' : 'px-4 py-3 text-sm'} ${framed ? 'rounded-md' : 'lg:rounded-md'} ${STYLE[t.kind]}`}
    >
      <span className="min-w-0 flex-1 wrap-anywhere">{t.message}</span>
      <button
        type="button"
        aria-label={m.toast_dismiss()}
        className="-my-1 px-1 text-lg leading-none opacity-80 hover:opacity-100"
        onClick={() => dismissToast(t.id)}
      >
        ×
      </button>
    </div>
  );
}

/**
 * The toasts of one live region. Framed toasts (errors and warnings, and every toast beside or over
 * a panel) have rounded corners; compact ones fit over a panel's title bar.
 */
export default function ToastItems({
  items,
  framed = false,
  compact = false,
}: {
  items: readonly Toast[];
  framed?: boolean;
  compact?: boolean;
}) {
  return items.map((t) => <Item key={t.id} t={t} framed={framed} compact={compact} />);
}
