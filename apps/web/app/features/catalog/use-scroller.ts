import { useCallback, useEffect, useRef, useState } from 'react';

/**
 * Prev/next for a CSS scroll-snap row: the browser does the snapping and swiping; this only
 * scrolls by a page and knows whether either end is reached (to disable the buttons).
 */
export function useScroller<T extends HTMLElement>() {
  const ref = useRef<T>(null);
  const [edges, setEdges] = useState({ start: true, end: false });

  const update = useCallback(() => {
    const el = ref.current;
    if (!el) return;
    const start = el.scrollLeft <= 4;
    const end = el.scrollLeft + el.clientWidth >= el.scrollWidth - 4;
    setEdges((prev) => (prev.start === start && prev.end === end ? prev : { start, end }));
  }, []);

  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    el.addEventListener('scroll', update, { passive: true });
    // The observer's first call (right after the next layout) reads the row's size: reading it here,
    // in the middle of hydration, would make the browser lay the whole page out at once.
    const observer = new ResizeObserver(update);
    observer.observe(el);
    return () => {
      el.removeEventListener('scroll', update);
      observer.disconnect();
    };
  }, [update]);

  const scrollByPage = useCallback((direction: 1 | -1) => {
    const el = ref.current;
    if (!el) return;
    const reduce = window.matchMedia('(prefers-reduced-motion: reduce)').matches;
    el.scrollBy({ left: direction * el.clientWidth * 0.9, behavior: reduce ? 'auto' : 'smooth' });
  }, []);

  return { ref, atStart: edges.start, atEnd: edges.end, scrollByPage };
}
