import { Controller, type Control, type FieldValues, type Path } from 'react-hook-form';
import { RichTextEditor } from './rich-text-editor';

type Side<F extends FieldValues> = { name: Path<F>; label: string; hint: string };

/**
 * A rich text and its Bangla (issue 21): the two editors side by side on a wide screen, one under
 * the other on a phone. The Bangla may be left empty: the storefront then shows the English.
 */
export function BilingualRichText<F extends FieldValues>({
  control,
  english,
  bangla,
}: {
  control: Control<F>;
  english: Side<F>;
  bangla: Side<F>;
}) {
  return (
    <div className="grid gap-4 2xl:grid-cols-2">
      {[english, bangla].map((side) => (
        <Controller
          key={side.name}
          control={control}
          name={side.name}
          render={({ field, fieldState }) => (
            <RichTextEditor
              label={side.label}
              value={(field.value as string | undefined) ?? ''}
              onChange={field.onChange}
              onBlur={field.onBlur}
              error={fieldState.error?.message}
              hint={side.hint}
            />
          )}
        />
      ))}
    </div>
  );
}
