// Zod-free on purpose: the bag's client code imports these on every page.

/** The note attribute holding the offer and gift boxes the shopper dismissed. */
export const DISMISSED_BOXES_ATTRIBUTE = 'dismissed_boxes';

/** The keys of the boxes the shopper has closed, from the cart's note_attributes. */
export function dismissedBoxes(cart: { note_attributes: readonly { name: string; value: string }[] }): Set<string> {
  const attr = cart.note_attributes.find((a) => a.name === DISMISSED_BOXES_ATTRIBUTE);
  return new Set(attr ? attr.value.split(',').filter(Boolean) : []);
}

/** The key of the gift or offer box: it changes when the rules behind it change, so a new box shows again. */
export function boxKey(box: 'offer' | 'gift', items: readonly { rule_id: number }[]): string {
  return `${box}:${items
    .map((i) => i.rule_id)
    .sort((a, b) => a - b)
    .join('-')}`;
}
