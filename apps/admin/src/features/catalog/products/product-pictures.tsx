import { useFieldArray, type Control, type FieldErrors, type UseFormRegister } from 'react-hook-form';
import { PRODUCT_LIMITS } from '@store/shared/admin-catalog';
import { MEDIA_ALT_MAX } from '@store/shared/media';
import { Button } from '../../../components/ui/button';
import { TextField } from '../../../components/ui/field';
import { ImageField } from '../../../components/ui/image-field';
import { Section } from '../../../components/ui/page';
import type { ProductForm } from './product-variants';

/**
 * The product's pictures in the order the product page shows them (the first is the card's): each
 * with its alt text, moved up or down, or removed; a new one is uploaded at the end.
 */
export function PicturesSection({
  control,
  register,
  errors,
}: {
  control: Control<ProductForm>;
  register: UseFormRegister<ProductForm>;
  errors: FieldErrors<ProductForm>;
}) {
  const { fields, append, remove, move } = useFieldArray({ control, name: 'images', keyName: 'key' });
  const full = fields.length >= PRODUCT_LIMITS.images;
  return (
    <Section
      title="Pictures"
      description="The first picture is the one on product cards. Alt text describes the picture for people who cannot see it."
    >
      <div className="space-y-4">
        {fields.length ? (
          <ol className="grid gap-3 sm:grid-cols-2">
            {fields.map((field, i) => (
              <li key={field.key} className="flex gap-3 rounded-md border border-line p-3" aria-label={`Picture ${i + 1}`}>
                <img src={field.mobile} alt="" className="size-20 shrink-0 rounded border border-line object-cover" />
                <div className="min-w-0 flex-1 space-y-2">
                  <TextField
                    label={i === 0 ? 'Alt text (card picture)' : `Alt text ${i + 1}`}
                    maxLength={MEDIA_ALT_MAX}
                    error={errors.images?.[i]?.alt?.message}
                    {...register(`images.${i}.alt`)}
                  />
                  <div className="flex flex-wrap gap-1">
                    <Button
                      variant="ghost"
                      className="min-h-8 px-2"
                      aria-label={`Move picture ${i + 1} earlier`}
                      disabled={i === 0}
                      onClick={() => move(i, i - 1)}
                    >
                      ←
                    </Button>
                    <Button
                      variant="ghost"
                      className="min-h-8 px-2"
                      aria-label={`Move picture ${i + 1} later`}
                      disabled={i === fields.length - 1}
                      onClick={() => move(i, i + 1)}
                    >
                      →
                    </Button>
                    <Button
                      variant="ghost"
                      className="min-h-8 px-2 text-red-700"
                      aria-label={`Remove picture ${i + 1}`}
                      onClick={() => remove(i)}
                    >
                      Remove
                    </Button>
                  </div>
                </div>
              </li>
            ))}
          </ol>
        ) : null}
        {errors.images?.message ? (
          <p className="text-sm text-red-700" role="alert">
            {errors.images.message}
          </p>
        ) : null}
        {full ? (
          <p className="text-sm text-muted">A product has at most {PRODUCT_LIMITS.images} pictures: remove one to add another.</p>
        ) : (
          <ImageField
            label="Add a picture"
            value={null}
            onChange={(image) => {
              if (image) append(image);
            }}
          />
        )}
      </div>
    </Section>
  );
}
