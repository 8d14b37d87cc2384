import type { ProductVariant } from '@store/shared/catalog';
import * as m from '@store/shared/i18n/messages';

const SIZE = /^\s*[\d.,]+\s*(ml|l|g|kg|mg|oz|pcs|pc|pieces|cm|mm|m|tablets|capsules)\b/i;

/** What the variant buttons choose between: 'Size' when every title is a measure, else 'Shade' in beauty, 'Option' elsewhere. */
export function variantGroupLabel(variants: readonly Pick<ProductVariant, 'title'>[], department: string): string {
  if (variants.length > 0 && variants.every((v) => SIZE.test(v.title))) return m.variant_size();
  return department === '' ? m.variant_shade() : m.variant_option();
}

/** The variant the URL's ?variant= names, else the first in stock, else the first. */
export function selectedVariant<V extends Pick<ProductVariant, 'variant_id' | 'in_stock'>>(
  variants: readonly V[],
  param: string | null,
): V | undefined {
  const id = Number(param);
  return variants.find((v) => v.variant_id === id) ?? variants.find((v) => v.in_stock) ?? variants[0];
}

/** Whether a product's variants are worth a picker: one 'Default' variant is not. */
export function hasChoice(variants: readonly Pick<ProductVariant, 'title'>[]): boolean {
  return (
    variants.length > 1 ||
    (variants.length === 1 && variants[0]!.title.toLowerCase() !== 'default' && variants[0]!.title.toLowerCase() !== 'default title')
  );
}
