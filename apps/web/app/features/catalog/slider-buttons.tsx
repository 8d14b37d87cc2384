import * as m from '@store/shared/i18n/messages';
const CHEVRON = { prev: 'M15 5l-7 7 7 7', next: 'M9 5l7 7-7 7' };

/** The desktop prev/next pair of a scroll-snap row; phones swipe. */
export function SliderButtons({
  label,
  atStart,
  atEnd,
  onScroll,
  className = '',
}: {
  label: string;
  atStart: boolean;
  atEnd: boolean;
  onScroll: (d: 1 | -1) => void;
  className?: string;
}) {
  const button = (dir: 'prev' | 'next') => (
    <button
      type="button"
      onClick={() => onScroll(dir === 'prev' ? -1 : 1)}
      disabled={dir === 'prev' ? atStart : atEnd}
      aria-label={dir === 'prev' ? m.slider_previous({ label }) : m.slider_next({ label })}
      className="inline-flex size-9 items-center justify-center rounded-full border border-line bg-white text-ink shadow-sm transition hover:border-ink focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand disabled:cursor-default disabled:opacity-35 disabled:hover:border-line"
    >
      <svg
        viewBox="0 0 24 24"
        className="size-4"
        fill="none"
        stroke="currentColor"
        strokeWidth="2"
        strokeLinecap="round"
        strokeLinejoin="round"
        aria-hidden="true"
      >
        <path d={CHEVRON[dir]} />
      </svg>
    </button>
  );
  return (
    <div className={`hidden gap-2 lg:flex ${className}`}>
      {button('prev')}
      {button('next')}
    </div>
  );
}
