/** A box on screen, in CSS pixels from the viewport's top left (what getBoundingClientRect gives). */
export type Box = { top: number; right: number; bottom: number; left: number };

/**
 * Where the toasts go so they hide no control:
 * - page: just below the site header (which holds the search box, the account and the bag), full
 *   width on phones and top right from 1024 px (SPEC §8);
 * - beside: next to an open panel or dialog, over its dimmed backdrop, when there is room;
 * - band: over the panel's title, left of its close button, when there is no room beside it.
 */
export type ToastPlacement = { kind: 'page'; top: number } | { kind: 'beside' | 'band'; top: number; left: number; width: number };

export const TOAST_GAP = 8;
/** The width of a toast from 1024 px (Tailwind's w-96). */
export const TOAST_WIDTH = 384;
/** Narrower than this, a toast beside a panel would wrap a short message onto many lines. */
const MIN_BESIDE = 280;

export function placeToasts({
  viewportWidth,
  surface,
  closeButton,
  header,
}: {
  viewportWidth: number;
  /** The open panel or dialog the shopper is looking at, if any. */
  surface: Box | null;
  /** That surface's close button. */
  closeButton: Box | null;
  /** The site header, when the page has one. */
  header: Box | null;
}): ToastPlacement {
  if (!surface) return { kind: 'page', top: Math.max(0, header?.bottom ?? 0) };
  const top = Math.max(2 * TOAST_GAP, surface.top);
  const roomRight = viewportWidth - surface.right - 2 * TOAST_GAP;
  if (roomRight >= MIN_BESIDE) return { kind: 'beside', top, left: surface.right + TOAST_GAP, width: Math.min(TOAST_WIDTH, roomRight) };
  const roomLeft = surface.left - 2 * TOAST_GAP;
  if (roomLeft >= MIN_BESIDE) {
    const width = Math.min(TOAST_WIDTH, roomLeft);
    return { kind: 'beside', top, left: surface.left - TOAST_GAP - width, width };
  }
  const end = closeButton ? closeButton.left - TOAST_GAP / 2 : Math.min(viewportWidth, surface.right) - TOAST_GAP;
  return { kind: 'band', top: Math.max(0, surface.top) + 6, left: TOAST_GAP, width: Math.max(0, end - TOAST_GAP) };
}

export function samePlacement(a: ToastPlacement, b: ToastPlacement): boolean {
  if (a.kind !== b.kind || Math.round(a.top) !== Math.round(b.top)) return false;
  return (
    a.kind === 'page' || b.kind === 'page' || (Math.round(a.left) === Math.round(b.left) && Math.round(a.width) === Math.round(b.width))
  );
}
