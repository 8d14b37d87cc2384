import { useState } from 'react';
import type { ProductImage } from '@store/shared/catalog';
import { ImageField } from '../../components/ui/image-field';

/**
 * A picture held whole in a form (the upload's three sizes and its alt text), with the alt text
 * editable before and after the upload.
 */
export function ImageInput({
  label,
  value,
  onChange,
  error,
  hint,
}: {
  label: string;
  value: ProductImage | null | undefined;
  onChange: (image: ProductImage | null) => void;
  error?: string | undefined;
  hint?: string;
}) {
  const [alt, setAlt] = useState(value?.alt ?? '');
  return (
    <ImageField
      label={label}
      value={value?.webp ?? null}
      onChange={(image) => onChange(image ? { ...image, alt: image.alt || alt } : null)}
      alt={alt}
      onAltChange={(next) => {
        setAlt(next);
        if (value) onChange({ ...value, alt: next });
      }}
      error={error}
      {...(hint ? { hint } : {})}
    />
  );
}
