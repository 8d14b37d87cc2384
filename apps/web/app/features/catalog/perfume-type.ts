import { PERFUME_TYPES, type PerfumeTag } from '@store/shared/constants';

const TAGS = Object.keys(PERFUME_TYPES) as PerfumeTag[];

/** The perfume-type tag of a product ('EDP' → 'Eau de Parfum'), or null when it is not a perfume. */
export function perfumeTypeLabel(tags: readonly string[]): string | null {
  for (const tag of tags) {
    const key = tag.trim().toUpperCase();
    const match = TAGS.find((t) => t === key);
    if (match) return PERFUME_TYPES[match];
  }
  return null;
}
