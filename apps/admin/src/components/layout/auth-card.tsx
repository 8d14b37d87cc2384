import type { ReactNode } from 'react';

/** The frame of the signed-out screens: the brand over one card, centred on any width. */
export function AuthCard({ title, description, children }: { title: string; description?: ReactNode; children: ReactNode }) {
  return (
    <main className="flex min-h-dvh flex-col items-center justify-center bg-brand-soft/60 px-4 py-10">
      <p className="mb-6 text-center">
        <span className="font-serif text-3xl font-semibold tracking-tight text-ink">
          Glow <span className="text-brand">Bazaar</span>
        </span>
        <span className="mt-1 block text-xs font-medium tracking-[0.2em] text-muted uppercase">Back office</span>
      </p>
      <div className="w-full max-w-sm rounded-xl border border-line bg-white p-6 shadow-sm">
        <h1 className="text-xl font-semibold text-ink">{title}</h1>
        {description ? <div className="mt-1 text-sm text-muted">{description}</div> : null}
        <div className="mt-5">{children}</div>
      </div>
    </main>
  );
}
