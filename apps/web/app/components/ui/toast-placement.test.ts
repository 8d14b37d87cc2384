import { describe, expect, it } from 'vitest';
import { placeToasts, samePlacement, type Box } from './toast-placement';

const box = (left: number, top: number, right: number, bottom: number): Box => ({ left, top, right, bottom });

describe('where toasts go', () => {
  it('on a page: just below the site header, or at the top once the header has scrolled away', () => {
    expect(placeToasts({ viewportWidth: 390, surface: null, closeButton: null, header: box(0, 0, 390, 166) })).toEqual({
      kind: 'page',
      top: 166,
    });
    expect(placeToasts({ viewportWidth: 390, surface: null, closeButton: null, header: box(0, -300, 390, -134) })).toEqual({
      kind: 'page',
      top: 0,
    });
    expect(placeToasts({ viewportWidth: 390, surface: null, closeButton: null, header: null })).toEqual({ kind: 'page', top: 0 });
  });

  it('beside a panel that leaves room: the bag on a desktop gets them on its left, over the backdrop', () => {
    const bag = box(1024, 0, 1440, 900);
    const place = placeToasts({ viewportWidth: 1440, surface: bag, closeButton: box(1380, 10, 1424, 54), header: null });
    expect(place).toEqual({ kind: 'beside', top: 16, left: 1024 - 8 - 384, width: 384 });
    // Nothing of the panel under them.
    if (place.kind !== 'page') expect(place.left + place.width).toBeLessThanOrEqual(bag.left);
  });

  it('beside a centred dialog: on its right when there is room', () => {
    const dialog = box(496, 120, 944, 780);
    expect(placeToasts({ viewportWidth: 1440, surface: dialog, closeButton: box(892, 132, 932, 172), header: null })).toEqual({
      kind: 'beside',
      top: 120,
      left: 952,
      width: 384,
    });
  });

  it('with no room beside (a phone): over the panel title, ending before its close button', () => {
    const bag = box(39, 0, 390, 844);
    const close = box(340, 6, 384, 50);
    const place = placeToasts({ viewportWidth: 390, surface: bag, closeButton: close, header: box(0, 0, 390, 166) });
    expect(place).toEqual({ kind: 'band', top: 6, left: 8, width: 340 - 4 - 8 });
    if (place.kind !== 'page') expect(place.left + place.width).toBeLessThan(close.left);
  });

  it('compares placements to the pixel, so following a panel re-renders only when it moved', () => {
    expect(samePlacement({ kind: 'page', top: 166.2 }, { kind: 'page', top: 165.9 })).toBe(true);
    expect(samePlacement({ kind: 'page', top: 166 }, { kind: 'page', top: 120 })).toBe(false);
    expect(samePlacement({ kind: 'band', top: 6, left: 8, width: 320 }, { kind: 'band', top: 6, left: 8, width: 300 })).toBe(false);
    expect(samePlacement({ kind: 'band', top: 6, left: 8, width: 320 }, { kind: 'page', top: 6 })).toBe(false);
  });
});
