import { useController, type Control, type FieldValues, type Path } from 'react-hook-form';
import { TextField } from './field';

/**
 * An amount typed in taka and kept in poisha, as the API takes it. An empty box is null where the
 * amount may be left out (`optional`), else NaN, which the form's schema refuses with its message.
 */
export function TakaField<T extends FieldValues>({
  control,
  name,
  label,
  optional = false,
  hint,
  placeholder,
}: {
  control: Control<T>;
  name: Path<T>;
  label: string;
  optional?: boolean;
  hint?: string | undefined;
  placeholder?: string | undefined;
}) {
  const { field, fieldState } = useController({ control, name });
  const poisha = field.value as number | null | undefined;
  return (
    <TextField
      label={label}
      type="number"
      inputMode="numeric"
      min={1}
      hint={hint}
      placeholder={placeholder}
      name={field.name}
      ref={field.ref}
      onBlur={field.onBlur}
      value={poisha === null || poisha === undefined || !Number.isFinite(poisha) ? '' : poisha / 100}
      onChange={(event) =>
        field.onChange(event.target.value === '' ? (optional ? null : Number.NaN) : Math.round(Number(event.target.value) * 100))
      }
      error={fieldState.error?.message}
    />
  );
}
