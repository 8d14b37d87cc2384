import type { ReactNode } from 'react';

/** What a state means at a glance: in effect, waiting for something, or out of play. */
export type BadgeTone = 'good' | 'waiting' | 'quiet';

const TONE: Record<BadgeTone, string> = {
  good: 'bg-green-100 text-green-800',
  waiting: 'bg-amber-100 text-amber-800',
  quiet: 'bg-neutral-200 text-neutral-700',
};

/** A state's pill in a list or a header (a coupon live, a review pending, a page in draft). */
export function Badge({ tone, children, testId }: { tone: BadgeTone; children: ReactNode; testId?: string }) {
  return (
    <span className={`inline-block rounded-full px-2 py-0.5 text-xs font-semibold whitespace-nowrap ${TONE[tone]}`} data-testid={testId}>
      {children}
    </span>
  );
}

/** A badge per state, from one table of labels and tones. */
export function stateBadge<S extends string>(states: Record<S, { label: string; tone: BadgeTone }>) {
  return function StateBadge({ state }: { state: S }) {
    return <Badge tone={states[state].tone}>{states[state].label}</Badge>;
  };
}
