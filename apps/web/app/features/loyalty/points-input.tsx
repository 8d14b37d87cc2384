/**
 * The number of points a shopper types (the checkout's "Use points", the account's voucher form):
 * digits on a phone's keypad, its hint and its error read out with it, red while refused.
 */
export function PointsInput({
  id,
  value,
  onChange,
  error,
  hintId,
  className = '',
}: {
  id: string;
  value: string;
  onChange: (value: string) => void;
  /** Refused: the input is marked invalid and described by `${id}-error`. */
  error: boolean;
  hintId: string;
  className?: string;
}) {
  return (
    <input
      id={id}
      name="points"
      inputMode="numeric"
      autoComplete="off"
      value={value}
      onChange={(e) => onChange(e.currentTarget.value)}
      aria-invalid={error ? true : undefined}
      aria-describedby={`${hintId}${error ? ` ${id}-error` : ''}`}
      className={`h-12 min-w-0 flex-1 rounded-lg border bg-white px-3.5 text-base text-ink outline-none placeholder:text-neutral-400 focus:border-brand focus:ring-2 focus:ring-brand/25 ${error ? 'border-red-600' : 'border-neutral-300'} ${className}`}
    />
  );
}
