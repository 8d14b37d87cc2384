import { Link } from 'react-router';
import * as m from '@store/shared/i18n/messages';

export function EmptyState({
  title,
  text,
  action = { to: '/', label: m.account_start_shopping() },
}: {
  title: string;
  text: string;
  action?: { to: string; label: string };
}) {
  return (
    <div className="flex flex-col items-center rounded-xl border border-dashed border-neutral-300 px-6 py-12 text-center">
      <p className="text-base font-semibold text-ink">{title}</p>
      <p className="mt-1 max-w-sm text-sm text-muted">{text}</p>
      <Link
        to={action.to}
        className="mt-5 inline-flex h-11 items-center rounded-lg bg-brand px-5 text-sm font-semibold text-white hover:bg-brand-dark focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand"
      >
        {action.label}
      </Link>
    </div>
  );
}
