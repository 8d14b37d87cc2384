import type { ReactNode } from 'react';

/** The frame of the sign-in landing pages (magic link, password reset, email verification). */
export function AuthPage({ title, children }: { title: string; children: ReactNode }) {
  return (
    <main className="mx-auto w-full max-w-md px-4 pb-16 pt-8 lg:pt-14">
      <div className="rounded-2xl border border-line bg-white px-5 py-7 shadow-sm sm:px-8">
        <h1 className="text-xl font-bold tracking-[0.06em] text-ink">{title}</h1>
        <div className="mt-5">{children}</div>
      </div>
    </main>
  );
}

export function Spinner({ label }: { label: string }) {
  return (
    <p role="status" className="flex items-center gap-3 text-sm text-muted">
      <span aria-hidden="true" className="size-5 animate-spin rounded-full border-2 border-brand/30 border-t-brand" />
      {label}
    </p>
  );
}
