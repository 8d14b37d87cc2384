import { useId, type ReactNode } from 'react';

/** A link in running text or a header (All coupons, Back to the list). */
export const textLinkClass = 'text-sm font-medium text-brand underline-offset-2 hover:underline';

/** A screen's title, its one-line purpose and its main action. */
export function PageHeader({ title, description, action }: { title: string; description?: string; action?: ReactNode }) {
  return (
    <div className="mb-6 flex flex-wrap items-end justify-between gap-3">
      <div>
        <h1 className="text-2xl font-semibold tracking-tight text-ink">{title}</h1>
        {description ? <p className="mt-1 text-sm text-muted">{description}</p> : null}
      </div>
      {action}
    </div>
  );
}

/** A white card holding one group of a screen. */
export function Section({ title, description, children }: { title: string; description?: string; children: ReactNode }) {
  const id = useId();
  return (
    <section aria-labelledby={id} className="rounded-lg border border-line bg-white p-4 shadow-xs sm:p-6">
      <h2 id={id} className="text-base font-semibold text-ink">
        {title}
      </h2>
      {description ? <p className="mt-1 text-sm text-muted">{description}</p> : null}
      <div className="mt-4">{children}</div>
    </section>
  );
}
